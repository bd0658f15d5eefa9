// The console's one notion of "our origin", shared by the cross-origin check, the URL Remix sees
// (and so every loader, action and sign-in redirect) and the live-update bridge: PUBLIC_URL when
// set, else the request's own scheme and host — taken from X-Forwarded-Proto/-Host only when the
// proxy that sent them is trusted (TRUST_PROXY), as express does for req.protocol/req.hostname.
import type { IncomingMessage } from "node:http";

/** express's compiled "trust proxy": may the hop at `index` (0: the peer) name the next one? */
export type TrustProxy = (address: string, index: number) => boolean;

export interface OriginResolver {
  /** The origin this request was sent to, or null when its Host cannot be one. */
  requestOrigin(request: IncomingMessage): string | null;
  /** The origin the console's pages are served from: PUBLIC_URL, else the request's. */
  expectedOrigin(request: IncomingMessage): string | null;
}

// A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing that could carry
// a path, credentials or a second host into a URL built from it.
const hostPattern = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The first of a header's comma-separated values: the one the outermost proxy saw. */
function firstValue(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

export function createOriginResolver(options: { publicUrl: string | null; trust: TrustProxy }): OriginResolver {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;

  function requestOrigin(request: IncomingMessage) {
    const trusted = options.trust(request.socket.remoteAddress ?? "", 0);
    const encrypted = Boolean((request.socket as { encrypted?: boolean }).encrypted);
    const protocol = (
      (trusted && firstValue(request.headers["x-forwarded-proto"])) ||
      (encrypted ? "https" : "http")
    ).toLowerCase();
    const host = (trusted && firstValue(request.headers["x-forwarded-host"])) || request.headers.host;
    if ((protocol !== "http" && protocol !== "https") || !host || !hostPattern.test(host)) return null;
    try {
      // As a browser writes it in Origin: lower case, without the scheme's default port.
      return new URL(`${protocol}://${host}`).origin;
    } catch {
      return null;
    }
  }

  return {
    requestOrigin,
    expectedOrigin: (request) => publicOrigin ?? requestOrigin(request),
  };
}
