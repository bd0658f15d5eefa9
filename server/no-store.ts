// Whatever the console renders may depend on who is signed in, so no browser or proxy keeps a
// copy: after signing out on a shared kiosk, Back must ask the server again and land on the
// sign-in page, not show the last person's page from the cache. A route that wants a cacheable
// answer says so itself; then caches must keep one copy per cookie (docs/decisions/007-security.md).
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

function isCacheable(cacheControl: unknown) {
  return !/\bno-store\b/i.test(String(cacheControl ?? ""));
}

function varyOnCookie(response: ServerResponse) {
  const vary = String(response.getHeader("Vary") ?? "");
  if (vary === "*" || /(^|,)\s*cookie\s*(,|$)/i.test(vary)) return;
  response.setHeader("Vary", vary ? `${vary}, Cookie` : "Cookie");
}

/** Mounted in front of the Remix handler: documents, `.data` answers and resource routes. */
export function noStoreByDefault(): RequestHandler {
  return (_request, response, next) => {
    const raw = response as ServerResponse;
    const writeHead = raw.writeHead;
    raw.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      // Decided when the headers go out: the Remix adapter appends the route's own headers.
      if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "no-store");
      else if (isCacheable(this.getHeader("Cache-Control"))) varyOnCookie(this);
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
    next();
  };
}
