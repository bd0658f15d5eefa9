// Security headers for every response, with a fresh CSP nonce per request: the only inline
// scripts allowed are the ones React renders with that nonce.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { plainText } from "./plain-texts";
import type { RefusalListener } from "./refusal-records";

export interface SecurityOptions {
  /** Origins a form submission may redirect to (the identity provider's sign-in pages). */
  formActionOrigins: string[];
  isDevelopment: boolean;
}

export function securityHeaders(options: SecurityOptions): RequestHandler {
  const formAction = ["'self'", ...options.formActionOrigins].join(" ");
  return (request, response, next) => {
    const nonce = randomBytes(16).toString("base64");
    response.locals.cspNonce = nonce;
    const directives = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${options.isDevelopment ? " 'unsafe-eval'" : ""}`,
      // Mantine sets style attributes and injects <style> for CSS variables.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${options.isDevelopment ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ];
    response.setHeader("Content-Security-Policy", directives.join("; "));
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "same-origin");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (request.secure) response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/** The origin a Referer names; "invalid" for one that does not parse, so it never matches. */
function refererOrigin(referer: string) {
  try {
    return new URL(referer).origin;
  } catch {
    return "invalid";
  }
}

/**
 * Refuses state-changing requests that say they come from another origin (CSRF), on top of the
 * SameSite=Lax session cookie (decision 007). `Origin` decides when present, else `Referer`;
 * a request with neither — w3m, lynx, some kiosk browsers — is let through: a cross-site post
 * carries no Lax cookie, so it can act as nobody.
 */
export function sameOriginWrites(
  expectedOrigin: (request: IncomingMessage) => string | null,
  onRefused: RefusalListener = async () => {},
): RequestHandler {
  const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
  return (request, response, next) => {
    if (safeMethods.has(request.method)) return next();
    const origin = request.get("origin");
    const referer = request.get("referer");
    const claimed = origin ? origin : referer ? refererOrigin(referer) : null;
    if (claimed === null || claimed === expectedOrigin(request)) return next();
    void onRefused(request, "crossOrigin").then(() =>
      response.status(403).type("text/plain").send(plainText(request, "crossOriginRefused")),
    );
  };
}
