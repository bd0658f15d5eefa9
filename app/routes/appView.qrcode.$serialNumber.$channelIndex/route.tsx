// GET /appView/qrcode/:serialNumber/:channelIndex?format=svg|png[&download=1]: a channel's QR
// code from the Manager, shown in the App view's QR code overlay or downloaded under the
// Manager's file name.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { downloadResponse } from "~/route-helpers/download.server";
import { errorPage, plainErrorPages } from "~/error-pages.server";
import { throwLoaderFailure } from "~/route-helpers/manager-failures.server";
import { getChannelQrCode } from "~/manager/channel-qr-code.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return plainErrorPages(request, async () => {
    const { manager } = await requireUser(request, "appView.preview");
    const search = new URL(request.url).searchParams;
    const format = search.get("format") === "png" ? "png" : "svg";
    const channelIndex = Number(params.channelIndex);
    if (!Number.isInteger(channelIndex) || channelIndex < 1) throw errorPage("channelNotFound");
    try {
      const answer = await getChannelQrCode(manager, params.serialNumber ?? "", channelIndex, format);
      return await downloadResponse(answer, { inline: search.get("download") !== "1" });
    } catch (error) {
      return throwLoaderFailure(error, request, "channel");
    }
  });
}
