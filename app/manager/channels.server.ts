// Manager calls on a station's channels, addressed by serial number and 1-based index.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { ChannelSchema, TestToneStateSchema, type UpdateAudioChannel } from "~/contract/channels";
import { StationSchema } from "~/contract/stations";

export function updateAudioChannel(manager: ManagerClient, serialNumber: string, update: UpdateAudioChannel) {
  return manager.send("PUT", managerPaths.updateAudioChannel(serialNumber), update, StationSchema);
}

/** Six digits, or "" to remove the PIN. */
export function setChannelPin(manager: ManagerClient, serialNumber: string, channelIndex: number, pin: string) {
  return manager.send("POST", managerPaths.pinCode(serialNumber, channelIndex), { pin }, ChannelSchema);
}

export function setTestTone(manager: ManagerClient, serialNumber: string, channelIndex: number, playing: boolean) {
  return manager.send("POST", managerPaths.testTone(serialNumber, channelIndex), { playing }, TestToneStateSchema);
}

/** The QR code of the channel's join link, as the Manager sends it (with its file name). */
export function downloadQrCode(
  manager: ManagerClient,
  serialNumber: string,
  channelIndex: number,
  format: "svg" | "png",
) {
  return manager.download(managerPaths.qrCode(serialNumber, channelIndex, format));
}
