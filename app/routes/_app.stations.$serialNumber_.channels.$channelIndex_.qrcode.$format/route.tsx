// /stations/:serialNumber/channels/:channelIndex/qrcode/(svg|png): the channel's QR code as the
// Manager makes it, as a download under the Manager's file name (without one, the spec's
// MobileConnectManager.zip, operations.md §7) — or, with ?inline=1, for the page's <img>. A
// failed download returns to the channel with the "please try again" message.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { plainErrorPages } from "~/error-pages.server";
import { fallbackDownloadName } from "~/route-helpers/download.server";
import { actionFailure, commandFailureKey } from "~/route-helpers/manager-failures.server";
import { downloadQrCode } from "~/manager/channels.server";
import { setFlash } from "~/utils/flash.server";

const formats = ["svg", "png"] as const;

export function loader({ request, params }: LoaderFunctionArgs) {
  return plainErrorPages(request, async () => {
    const { manager } = await requireUser(request, "stations.show");
    const format = formats.find((candidate) => candidate === params.format);
    const channelIndex = /^\d+$/.test(params.channelIndex ?? "") ? Number(params.channelIndex) : null;
    const inline = new URL(request.url).searchParams.get("inline") === "1";
    if (!format || channelIndex === null) throw new Response("Not found", { status: 404 });
    const serialNumber = params.serialNumber!;
    try {
      const answer = await downloadQrCode(manager, serialNumber, channelIndex, format);
      const headers = new Headers({
        "Content-Type": answer.headers.get("content-type") ?? (format === "svg" ? "image/svg+xml" : "image/png"),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      });
      const disposition = answer.headers.get("content-disposition") ?? `attachment; filename="${fallbackDownloadName}"`;
      headers.set("Content-Disposition", inline ? disposition.replace(/^attachment/i, "inline") : disposition);
      if (format === "svg") headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      return new Response(answer.body, { status: 200, headers });
    } catch (error) {
      if (inline) throw new Response("QR code unavailable", { status: 502 });
      const failure = await actionFailure(error, request);
      await setFlash(request, { kind: "error", message: commandFailureKey(failure, "stations:qr.downloadFailed") });
      return redirect(`/stations/${encodeURIComponent(serialNumber)}/channels/${channelIndex}`);
    }
  });
}
