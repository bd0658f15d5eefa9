import { data } from "@remix-run/node";
import {
  errorPageStatus,
  errorPageTextKeys,
  isErrorPagePayload,
  type ErrorPageKind,
  type ErrorPagePayload,
} from "~/error-pages";
import { getFixedT } from "~/i18n/i18next.server";
import { observability } from "~/observability.server";
import { safeReturnPath } from "~/utils/return-path";

/** A thrown route error that renders the named error page. */
export function errorPage(kind: ErrorPageKind, extra: Omit<ErrorPagePayload, "errorPage"> = {}) {
  const reference = observability().requestId();
  return data<ErrorPagePayload>(
    { errorPage: kind, ...(reference ? { reference } : {}), ...extra },
    { status: errorPageStatus[kind] },
  );
}

/**
 * For resource routes (downloads, QR codes, image uploads), which have no error boundary: Remix
 * would log a thrown error page as a server error and answer "Unexpected Server Error". The
 * answer is the page's status with its texts as a plain sentence instead.
 */
export async function plainErrorPages(request: Request, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (thrown) {
    const payload = typeof thrown === "object" && thrown !== null && "data" in thrown ? thrown.data : null;
    if (!isErrorPagePayload(payload)) throw thrown;
    return plainErrorPage(request, payload.errorPage);
  }
}

/**
 * An error page as a plain sentence with its status. Thrown from a loader or action it serves
 * both kinds of route: a resource route answers with it as it is, a page route renders the
 * error page for its status (RouteErrorBoundary).
 */
export async function plainErrorPage(request: Request, kind: ErrorPageKind) {
  const t = await getFixedT(request);
  const key = errorPageTextKeys[kind];
  const reference = observability().requestId();
  const quote = reference ? ` ${t("errors.reference", { reference })}` : "";
  return new Response(`${t(`${key}.title`)}: ${t(`${key}.subtitle`)}. ${t(`${key}.message`)}${quote}`, {
    status: errorPageStatus[kind],
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The path and query of a request, for coming back after sign-in. */
export function currentPath(request: Request) {
  const url = new URL(request.url);
  // Single fetch asks for /path.data; the page the user sees is /path.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  // A request path of its own ("//host/…") must not become a way to another origin either.
  return safeReturnPath(`${pathname}${search ? `?${search}` : ""}`);
}

/** Every redirectTo is decided by the one rule in ~/utils/return-path (decision 007). */
export function safeRedirectPath(value: unknown, fallback = "/") {
  return safeReturnPath(value, fallback);
}
