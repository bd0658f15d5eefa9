// Passing a Manager file on to the browser: its body, type and file name (Content-Disposition),
// or the spec's fallback name MobileConnectManager.zip when the Manager names none.
export const fallbackDownloadName = "MobileConnectManager.zip";

export function downloadResponse(managerAnswer: Response, options: { inline?: boolean } = {}): Response {
  const headers = new Headers();
  headers.set("Content-Type", managerAnswer.headers.get("content-type") ?? "application/octet-stream");
  const disposition = managerAnswer.headers.get("content-disposition");
  if (options.inline) headers.set("Content-Disposition", "inline");
  else headers.set("Content-Disposition", disposition ?? `attachment; filename="${fallbackDownloadName}"`);
  const length = managerAnswer.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  headers.set("Cache-Control", "private, no-store");
  return new Response(managerAnswer.body, { status: 200, headers });
}
