// The one rule for every "come back here afterwards" value (sign-in, callback, sign-out,
// preferences, error pages): only a path on the console's own origin survives, judged the way a
// browser will read it, and written so that it is safe in a Location header. Anything else
// becomes the fallback.

/** A host no request can carry: what resolves onto it is a path on our own origin. */
const ownOrigin = "http://console.invalid";

/** Longer return paths are not kept: they end up in Location headers and sessions. */
export const maximumReturnPathLength = 2048;

/**
 * The same-origin path, query and fragment the browser would go to for `value`, or `fallback`.
 * Parsing with the WHATWG URL parser applies the browser's own normalisation: leading and
 * trailing controls and spaces are dropped, tabs and newlines removed anywhere, a backslash is a
 * slash, `//host` and `/\host` name another host, dot segments (also `%2e`) are resolved. The
 * serialised result percent-encodes controls and every non-ASCII character, so it is plain
 * ASCII and can never make a header throw.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  // Only path-absolute input: a bare word would resolve onto our origin too, but nothing of ours
  // sends one, and "javascript:…" or "https:evil" must not be read as paths either.
  // eslint-disable-next-line no-control-regex -- the URL parser drops leading C0 controls and spaces
  const trimmed = value.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, "");
  if (!trimmed.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(trimmed, ownOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== ownOrigin || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  if (!path.startsWith("/") || path.startsWith("//") || path.length > maximumReturnPathLength) return fallback;
  return path;
}
