// The security layer's refusals (cross-origin, not a form, too large, …) go to the audit log when
// they carry a session cookie: the build checks the session and records the attempt with its user
// and what the URL names (app/audit/refused-requests.server.ts, issue 33). Paths whose writes are
// not recorded (no action, sign-in, preferences, the image preview) record no refusal either. The
// answer waits for the record, at most a second and a half, and never fails because of it.
import type { Request as ExpressRequest } from "express";
import type { RefusedRequest, SecurityRefusal } from "../app/audit/refused-requests.server";
import { hasSessionCookie } from "./body-limits";
import type { OriginResolver } from "./origin";
import type { RouteParamsMatcher } from "./observability/route-ids";

export type RefusalListener = (request: ExpressRequest, reason: SecurityRefusal) => Promise<void>;

/** Routes with an action whose writes are not audit records: refusals there are not either. */
const unrecordedRoutes = new Set(["routes/login", "routes/preferences", "routes/appCustomization.image"]);

const waitMs = 1500;

export function refusalRecorder(options: {
  origins: OriginResolver;
  /** The current build's route matching, and whether a route has an action; null while starting. */
  routes(): { match: RouteParamsMatcher; hasAction(routeId: string): boolean } | null;
  record(request: Request, refused: RefusedRequest): Promise<void>;
  onError(error: unknown): void;
}): RefusalListener {
  return async (request, reason) => {
    if (!hasSessionCookie(request)) return;
    const routes = options.routes();
    const origin = options.origins.requestOrigin(request);
    if (!routes || !origin || !request.originalUrl.startsWith("/")) return;
    const match = routes.match(request.path);
    if (!match || unrecordedRoutes.has(match.id) || !routes.hasAction(match.id)) return;
    // Only the URL and the cookie: the body was refused and is never read.
    const refused = new Request(`${origin}${request.originalUrl}`, {
      method: "POST",
      headers: { cookie: request.headers.cookie ?? "" },
    });
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref());
    await Promise.race([options.record(refused, { reason, params: match.params }).catch(options.onError), timeout]);
  };
}
