import type { IncomingMessage } from "node:http";

/**
 * The Node client sends `Authorization: Bearer`; browsers cannot set headers on a WebSocket
 * and send `?access_token=` instead. Both are accepted, the header first.
 */
export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (match?.[1]) return match[1];
  return new URL(req.url ?? "/", "http://placeholder").searchParams.get("access_token") || null;
}
