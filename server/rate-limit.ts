// A sliding-window limit on the sign-in routes. Keyed by client address AND browser
// fingerprint (user agent + language), so one noisy client is slowed without locking out a
// kiosk room that shares one public IP.
import type { RequestHandler } from "express";

export function signInRateLimit(limitPerMinute: number): RequestHandler {
  const windowMs = 60_000;
  const hits = new Map<string, number[]>();
  setInterval(() => {
    const cutoff = Date.now() - windowMs;
    for (const [key, times] of hits) {
      const recent = times.filter((time) => time > cutoff);
      if (recent.length === 0) hits.delete(key);
      else hits.set(key, recent);
    }
  }, windowMs).unref();

  return (request, response, next) => {
    const key = `${request.ip}|${request.get("user-agent") ?? ""}|${request.get("accept-language") ?? ""}`;
    const now = Date.now();
    const recent = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
    recent.push(now);
    hits.set(key, recent);
    if (recent.length <= limitPerMinute) return next();
    response.setHeader("Retry-After", "60");
    response.status(429).type("text/plain").send("Too many sign-in attempts. Please wait a minute and try again.");
  };
}
