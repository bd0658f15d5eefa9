// The request's reference: X-Request-Id as a trusted proxy set it (the same TRUST_PROXY rule the
// origin and the client address follow, server/origin.ts), else one of our own. A value from a
// proxy is taken only when it is short and made of characters safe in a header and a log line.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TrustProxy } from "../origin";

const acceptable = /^[A-Za-z0-9._:@+/=-]{1,128}$/;

export function requestIdOf(request: IncomingMessage, trust: TrustProxy): string {
  const header = request.headers["x-request-id"];
  const given = typeof header === "string" ? header.trim() : "";
  if (given && acceptable.test(given) && trust(request.socket.remoteAddress ?? "", 0)) return given;
  return randomUUID();
}
