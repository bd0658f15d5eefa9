// Passing a Manager file on to the browser: its body, type and file name (Content-Disposition),
// or the spec's fallback name MobileConnectManager.zip when the Manager names none. A CSV file
// is made safe to open in a spreadsheet on the way (formula-like cells neutralised).
import { spreadsheetSafeCsv } from "~/domain/csv";

export const fallbackDownloadName = "MobileConnectManager.zip";

function isCsv(contentType: string | null, disposition: string | null) {
  return /^text\/csv\b/i.test(contentType ?? "") || /filename\*?=[^;]*\.csv"?\s*(;|$)/i.test(disposition ?? "");
}

export async function downloadResponse(managerAnswer: Response, options: { inline?: boolean } = {}): Promise<Response> {
  const headers = new Headers();
  const contentType = managerAnswer.headers.get("content-type");
  headers.set("Content-Type", contentType ?? "application/octet-stream");
  const disposition = managerAnswer.headers.get("content-disposition");
  if (options.inline) headers.set("Content-Disposition", "inline");
  else headers.set("Content-Disposition", disposition ?? `attachment; filename="${fallbackDownloadName}"`);
  headers.set("Cache-Control", "private, no-store");
  if (isCsv(contentType, disposition)) {
    return new Response(spreadsheetSafeCsv(await managerAnswer.text()), { status: 200, headers });
  }
  const length = managerAnswer.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(managerAnswer.body, { status: 200, headers });
}
