// The error pages of the spec (operations.md §8, administration.md §8). Loaders and actions
// throw one as route error data; ErrorPage renders it with the texts under errors.pages.<kind>.
export const errorPageKinds = [
  "forbidden",
  "notFound",
  "unexpected",
  "noBackend",
  "noConnection",
  "expiredSession",
  "unauthorized",
  "redirectMismatch",
  "channelNotFound",
  "stationNotFound",
  "badRequest",
  "storeUnavailable",
  "auditLogUnavailable",
  "listeningUnavailable",
  "rolloutsUnavailable",
  "alertsUnavailable",
] as const;
export type ErrorPageKind = (typeof errorPageKinds)[number];

/** The code each page shows (and answers with). */
export const errorPageStatus: Record<ErrorPageKind, number> = {
  forbidden: 403,
  notFound: 404,
  unexpected: 500,
  noBackend: 500,
  noConnection: 500,
  expiredSession: 401,
  unauthorized: 401,
  redirectMismatch: 500,
  channelNotFound: 404,
  stationNotFound: 404,
  badRequest: 400,
  storeUnavailable: 503,
  auditLogUnavailable: 503,
  listeningUnavailable: 503,
  rolloutsUnavailable: 503,
  alertsUnavailable: 503,
};

/** Where each page's texts live (title, subtitle, message, action). */
export const errorPageTextKeys: Record<ErrorPageKind, string> = {
  forbidden: "errors.forbidden",
  notFound: "errors.notFound",
  unexpected: "errors.unexpected",
  noBackend: "errors.noBackend",
  noConnection: "errors.noConnection",
  expiredSession: "errors.expiredSession",
  unauthorized: "errors.unauthorizedPage",
  redirectMismatch: "errors.uriRedirectMismatch",
  channelNotFound: "errors.channelNotFound",
  stationNotFound: "errors.stationNotFound",
  badRequest: "errors.badRequest",
  storeUnavailable: "errors.storeUnavailable",
  auditLogUnavailable: "errors.auditLogUnavailable",
  listeningUnavailable: "errors.listeningUnavailable",
  rolloutsUnavailable: "errors.rolloutsUnavailable",
  alertsUnavailable: "errors.alertsUnavailable",
};

export interface ErrorPagePayload {
  errorPage: ErrorPageKind;
  /** The path to come back to after signing in again (403, expired session). */
  redirectTo?: string;
  /** For the redirect-mismatch page's action. */
  accountsUrl?: string;
  /** A technical detail worth showing (e.g. which answer was not JSON). */
  detail?: string;
  /** The request's reference (X-Request-Id), to quote in a report: the logs are found by it. */
  reference?: string;
}

export function isErrorPagePayload(value: unknown): value is ErrorPagePayload {
  return (
    typeof value === "object" &&
    value !== null &&
    (errorPageKinds as readonly unknown[]).includes((value as { errorPage?: unknown }).errorPage)
  );
}
