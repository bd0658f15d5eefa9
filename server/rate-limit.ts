// Sign-in throttling per client address (decision 007). The key is the address alone — as
// express reads it through the proxies TRUST_PROXY names — never anything the client chooses
// (User-Agent, Accept-Language, a left-most X-Forwarded-For), so rotating those gains nothing.
// Only requests that make the console or the identity provider do sign-in work are counted,
// four per sign-in, so the budget leaves a room of kiosks behind one address room to spare.
// The counts live in the shared store, so every instance of the console counts against the same
// budget: a sliding-window estimate from two per-minute counts per address, each forgotten two
// minutes after its last change, so what the store keeps is bounded by time, not by addresses
// (docs/decisions/017-shared-state.md).
import type { Request, RequestHandler } from "express";
import type { CounterStore } from "../app/store/shared-store.server";
import { plainText } from "./plain-texts";

export interface SignInRateLimitOptions {
  limitPerMinute: number;
  counters: CounterStore;
  /** For tests: the clock. */
  now?: () => number;
  /** Told of each refused attempt (metrics). */
  onRefused?: () => void;
}

const windowMs = 60_000;

/**
 * The requests of one sign-in that cost something: starting it (POST /login), the identity
 * provider's authorization request and its password check, and the return with a code (or an
 * error) that the console exchanges. Landing pages, assets and the provider's own redirects
 * in between are not counted.
 */
export function isSignInAttempt(request: Request): boolean {
  const [path = "", query = ""] = request.originalUrl.split("?");
  if (path === "/login") return request.method === "POST" || /(^|&)(code|error)=/.test(query);
  if (path === "/oidc/auth") return true;
  return request.method === "POST" && path.startsWith("/oidc/interaction/");
}

export function signInRateLimit(options: SignInRateLimitOptions): RequestHandler {
  const now = options.now ?? Date.now;
  const { counters } = options;

  return (request, response, next) => {
    if (!isSignInAttempt(request)) return next();
    const time = now();
    const window = Math.floor(time / windowMs);
    const key = `sign-in:${request.ip ?? request.socket.remoteAddress ?? ""}`;
    const allowed = async () => {
      const { current, previous } = await counters.add(key, window, 2 * windowMs);
      // The previous minute counts for the part of it still inside the last 60 seconds; this
      // request's own count is the one just added.
      const elapsed = (time - window * windowMs) / windowMs;
      if (previous * (1 - elapsed) + current - 1 < options.limitPerMinute) return true;
      // Refused requests are not counted, so a waiting room gets in again as the minute passes.
      await counters.takeBack(key, window);
      return false;
    };
    allowed().then(
      (ok) => {
        if (ok) return next();
        options.onRefused?.();
        const retryAfter = Math.max(1, Math.ceil(((window + 1) * windowMs - time) / 1000));
        response.setHeader("Retry-After", String(retryAfter));
        response.status(429).type("text/plain").send(plainText(request, "tooManySignInAttempts"));
      },
      () => {
        // The shared store cannot count: nobody can sign in without it anyway (issue 28, item 7).
        response
          .status(503)
          .setHeader("Retry-After", "5")
          .type("text/plain")
          .send(plainText(request, "storeUnavailable"));
      },
    );
  };
}
