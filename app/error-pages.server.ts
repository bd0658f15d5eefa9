import { data } from "@remix-run/node";
import { errorPageStatus, type ErrorPageKind, type ErrorPagePayload } from "~/error-pages";

/** A thrown route error that renders the named error page. */
export function errorPage(kind: ErrorPageKind, extra: Omit<ErrorPagePayload, "errorPage"> = {}) {
  return data<ErrorPagePayload>({ errorPage: kind, ...extra }, { status: errorPageStatus[kind] });
}

/** The path and query of a request, for coming back after sign-in. */
export function currentPath(request: Request) {
  const url = new URL(request.url);
  // Single fetch asks for /path.data; the page the user sees is /path.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/** A safe local return path: one leading slash, never a protocol-relative or absolute URL. */
export function safeRedirectPath(value: unknown, fallback = "/") {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
