// One request's context, carried through everything it runs (AsyncLocalStorage): its reference,
// its logger, the Manager time it accumulates and the user it turns out to be. The middleware
// opens it first thing, answers with X-Request-Id, and writes the request's one log line and
// its duration when the answer is finished (or the client went away).
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { TrustProxy } from "../origin";
import type { ConsoleMetrics } from "./metrics";
import { requestIdOf } from "./request-id";

export interface RequestContext {
  requestId: string;
  logger: Logger;
  managerMs: number;
  managerCalls: number;
  user: { id: string; role: string } | null;
  /** Set by whoever answers outside Remix (static files, metrics, …); else the Remix route. */
  route: string | null;
  /** Static files log at debug: a page's assets would bury the lines worth reading. */
  quiet: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

export interface RequestContextOptions {
  logger: Logger;
  metrics: ConsoleMetrics;
  trust: TrustProxy;
  /** The Remix route id of a path. */
  routeOf(pathname: string): string;
}

const round = (milliseconds: number) => Math.round(milliseconds * 10) / 10;

export function requestContext(options: RequestContextOptions): RequestHandler {
  return (request, response, next) => {
    const started = performance.now();
    const requestId = requestIdOf(request, options.trust);
    response.setHeader("X-Request-Id", requestId);
    const context: RequestContext = {
      requestId,
      logger: options.logger.child({ requestId }),
      managerMs: 0,
      managerCalls: 0,
      user: null,
      route: null,
      quiet: false,
    };
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const durationMs = performance.now() - started;
      const pathname = request.originalUrl.split("?")[0] ?? "/";
      const route = context.route ?? options.routeOf(pathname);
      // Closed before the answer was complete: the client went away (499, as nginx says).
      const status = response.writableFinished ? response.statusCode : 499;
      options.metrics.httpRequestDuration.observe(
        { route, method: request.method, status: String(status) },
        durationMs / 1000,
      );
      // The path without its query: a query may carry an authorization code (the sign-in's return).
      const line = {
        method: request.method,
        route,
        path: pathname,
        status,
        durationMs: round(durationMs),
        managerMs: round(context.managerMs),
        managerCalls: context.managerCalls,
        ...(context.user ? { userId: context.user.id, role: context.user.role } : {}),
      };
      if (context.quiet) context.logger.debug(line, "request");
      else context.logger.info(line, "request");
    };
    response.once("finish", done);
    response.once("close", done);
    storage.run(context, next);
  };
}

/** Names the route of requests the handler answers (it calls next() for those it does not). */
export function answeredAs(route: string, handler: RequestHandler, options: { quiet?: boolean } = {}): RequestHandler {
  return (request, response, next) => {
    const context = storage.getStore();
    if (context) Object.assign(context, { route, quiet: options.quiet ?? false });
    handler(request, response, (error?: unknown) => {
      if (context) Object.assign(context, { route: null, quiet: false });
      next(error);
    });
  };
}
