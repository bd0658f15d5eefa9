// With PUBLIC_URL set, the console answers only requests sent to that address. Nothing is built
// from a client's Host header any more, but a request for another host is a misrouted or forged
// one: it gets 400 before any page, form or sign-in step runs. Health checks and metrics are
// exempt: load balancers and scrapers call an instance by its own address.
import type { RequestHandler } from "express";
import type { OriginResolver } from "./origin";
import { plainText } from "./plain-texts";

const probes = new Set(["/healthz", "/readyz", "/metrics"]);

export function configuredHostOnly(publicUrl: string | null, origins: OriginResolver): RequestHandler {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  return (request, response, next) => {
    if (!publicOrigin || probes.has(request.path)) return next();
    if (origins.requestOrigin(request) === publicOrigin) return next();
    response
      .status(400)
      .type("text/plain")
      .send(plainText(request, "wrongHost", { address: publicOrigin }));
  };
}
