// The App view's URL state: the phone preview (open unless ?preview=closed), the channel
// overlay (?channel=<id>) and the QR code overlay (?qr=<id>). Links change it, so it works
// without JavaScript and can be shared.
export const previewParam = "preview";
export const channelParam = "channel";
export const qrParam = "qr";
export const overlayParams = [previewParam, channelParam, qrParam] as const;

/** A venue with a thousand stations must not become a page of megabytes: each list is paged. */
export const appViewPaging = {
  order: { param: "page", pageSize: 20 },
  stations: { param: "stationsPage", pageSize: 10 },
  ungrouped: { param: "ungroupedPage", pageSize: 20 },
  /** A Moderator's page: the channels with an audience mic (its only list). */
  audienceMic: { param: "page", pageSize: 25 },
} as const;

export function readAppViewState(search: URLSearchParams) {
  return {
    previewOpen: search.get(previewParam) !== "closed",
    channelId: search.get(channelParam),
    qrChannelId: search.get(qrParam),
  };
}

/** The QR code image of a channel, served through the console (appView.qrcode resource route). */
export function qrCodePath(
  channel: { stationSerialNumber: string; index: number },
  format: "svg" | "png",
  download = false,
) {
  const query = new URLSearchParams({ format });
  if (download) query.set("download", "1");
  return `/appView/qrcode/${encodeURIComponent(channel.stationSerialNumber)}/${channel.index}?${query}`;
}
