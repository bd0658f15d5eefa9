// A channel's QR code (operations.md §7): the Manager's image of the channel's join link.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";

export type QrCodeFormat = "svg" | "png";

/** The Manager's file as it sent it (type and Content-Disposition included). */
export function getChannelQrCode(
  manager: ManagerClient,
  serialNumber: string,
  channelIndex: number,
  format: QrCodeFormat,
) {
  return manager.download(managerPaths.qrCode(serialNumber, channelIndex, format));
}
