import { getRuntime } from "~/runtime.server";

/** The origin pages are served from: PUBLIC_URL, else the request's own (proxy-aware) origin. */
export function expectedOrigin(request: Request) {
  const publicUrl = getRuntime().config.publicUrl;
  return publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;
}

/** Cross-site requests are refused on top of SameSite=Lax: the Origin must be ours. */
export function isSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  return origin !== null && origin === expectedOrigin(request);
}
