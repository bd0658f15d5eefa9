// The Manager only takes "play" or "stop" for a channel's test tone and never says whether one
// plays. The console remembers the tones this user started, in the session, so that "Stop test
// tone" is offered only while a tone it started plays (docs/decisions/023-channel-details.md).
import { changeSession, getSession } from "~/auth/session.server";

const key = (serialNumber: string, channelIndex: number) => `${serialNumber}/${channelIndex}`;

export async function isTestTonePlaying(request: Request, serialNumber: string, channelIndex: number) {
  const session = await getSession(request);
  return (session.get("testTones") ?? []).includes(key(serialNumber, channelIndex));
}

export async function rememberTestTone(request: Request, serialNumber: string, channelIndex: number, playing: boolean) {
  await changeSession(request, (data) => {
    const others = (data.testTones ?? []).filter((tone) => tone !== key(serialNumber, channelIndex));
    data.testTones = playing ? [...others, key(serialNumber, channelIndex)] : others;
  });
}
