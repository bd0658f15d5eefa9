// Sign-in throttling per client address (decision 007). The key is the address alone — as
// express reads it through the proxies TRUST_PROXY names — never anything the client chooses
// (User-Agent, Accept-Language, a left-most X-Forwarded-For), so rotating those gains nothing.
// Only requests that make the console or the identity provider do sign-in work are counted,
// four per sign-in, so the budget leaves a room of kiosks behind one address room to spare.
// Memory is bounded: a fixed number of addresses, the least recently seen one forgotten first,
// and three numbers per address (a sliding-window counter instead of a list of times).
import type { Request, RequestHandler } from "express";
import { plainText } from "./plain-texts";

export interface SignInRateLimitOptions {
  limitPerMinute: number;
  /** Addresses remembered at once. */
  maxAddresses?: number;
  /** For tests: the clock. */
  now?: () => number;
  /** Told of each refused attempt (metrics). */
  onRefused?: () => void;
}

const windowMs = 60_000;

interface Window {
  /** Start of the current minute of this address. */
  start: number;
  current: number;
  previous: number;
}

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
  const maxAddresses = options.maxAddresses ?? 10_000;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on every use makes the first key the stalest.
  const windows = new Map<string, Window>();

  function windowOf(address: string, time: number): Window {
    let entry = windows.get(address);
    if (entry) {
      windows.delete(address);
    } else {
      entry = { start: time, current: 0, previous: 0 };
      if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value!);
    }
    windows.set(address, entry);
    const elapsed = Math.floor((time - entry.start) / windowMs);
    if (elapsed >= 2) Object.assign(entry, { start: time, current: 0, previous: 0 });
    else if (elapsed === 1)
      Object.assign(entry, { start: entry.start + windowMs, previous: entry.current, current: 0 });
    return entry;
  }

  return (request, response, next) => {
    if (!isSignInAttempt(request)) return next();
    const time = now();
    const entry = windowOf(request.ip ?? request.socket.remoteAddress ?? "", time);
    // The previous minute counts for the part of it still inside the last 60 seconds.
    const recent = entry.previous * (1 - (time - entry.start) / windowMs) + entry.current;
    if (recent < options.limitPerMinute) {
      entry.current += 1;
      return next();
    }
    // Refused requests are not counted, so a waiting room gets in again as the minute passes.
    options.onRefused?.();
    response.setHeader("Retry-After", String(Math.max(1, Math.ceil((entry.start + windowMs - time) / 1000))));
    response.status(429).type("text/plain").send(plainText(request, "tooManySignInAttempts"));
  };
}
