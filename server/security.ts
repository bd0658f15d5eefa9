// Security headers for every response, with a fresh CSP nonce per request: the only inline
// scripts allowed are the ones React renders with that nonce.
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

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

/**
 * Refuses state-changing requests from other origins (CSRF), on top of SameSite=Lax cookies.
 * Browsers send Origin with every POST; a request without one is not a browser's form.
 */
export function sameOriginWrites(publicUrl: string | null): RequestHandler {
  const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
  return (request, response, next) => {
    if (safeMethods.has(request.method)) return next();
    const origin = request.get("origin");
    const expected = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.get("host")}`;
    if (origin === expected) return next();
    response.status(403).type("text/plain").send("Cross-origin request refused");
  };
}
