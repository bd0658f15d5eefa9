// The channel page's Manager calls that need the forms' zod modules (kept out of the declarations,
// which the browser loads with the page).
import { pinToSend, toUpdateAudioChannel, type channelDetailsSchema, type pinSchema } from "~/domain/channel-forms";
import { errorPage } from "~/error-pages.server";
import { setChannelPin, updateAudioChannel } from "~/manager/channels.server";
import type { ManagerClient } from "~/manager/http.server";
import { getStation } from "~/manager/stations.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import type * as z from "zod";

export { channelFieldNames, channelOptionsOf } from "~/domain/channel-forms";

export async function loadChannel(manager: ManagerClient, serialNumber: string, channelIndex: number) {
  const station = await getStation(manager, serialNumber);
  const channel = station.audioChannels.find((candidate) => candidate.index === channelIndex);
  if (!channel) throw errorPage("channelNotFound");
  return { station, channel };
}

type Loaded = Awaited<ReturnType<typeof loadChannel>>;

export function saveChannelDetails(
  value: z.output<ReturnType<typeof channelDetailsSchema>>,
  { manager, serialNumber }: ActionContext,
  { channel }: Loaded,
) {
  return updateAudioChannel(manager, serialNumber, toUpdateAudioChannel(channel, value, { regenerateAccess: false }));
}

export function savePin(value: z.output<typeof pinSchema>, { manager, serialNumber, channelIndex }: ActionContext) {
  return setChannelPin(manager, serialNumber, channelIndex, pinToSend(value));
}

/** A new channel ID and QR code: answers the new channel ID, for the flash message. */
export async function regenerateAccess({ manager, serialNumber, channelIndex }: ActionContext) {
  const { channel } = await loadChannel(manager, serialNumber, channelIndex);
  const station = await updateAudioChannel(
    manager,
    serialNumber,
    toUpdateAudioChannel(channel, null, { regenerateAccess: true }),
  );
  return station.audioChannels.find((candidate) => candidate.index === channelIndex)?.channelId ?? "";
}
