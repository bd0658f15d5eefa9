/**
 * Where the development provider sends sign-in codes and returns after sign-out: only to the
 * console's `/login`, and only on an origin the console really has
 * (docs/decisions/010-development-identity-provider.md, issue 25):
 * - "request": served under the console's own origin (`npm start`), the origin the authorization
 *   or sign-out request itself reached — a link naming another site's /login is refused;
 * - a list: the standalone provider, the consoles' origins it was started with (`--console-url`);
 * - "loopback": the standalone provider without that list, any loopback origin (a code never
 *   leaves the machine).
 */
export type ConsoleOrigins = "request" | "loopback" | readonly string[];

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function isConsoleLoginUri(value: string, allowed: ConsoleOrigins, requestOrigin: string | undefined): boolean {
  const url = URL.parse(value);
  if (
    url === null ||
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username !== "" ||
    url.password !== "" ||
    url.pathname !== "/login" ||
    url.hash !== ""
  )
    return false;
  if (allowed === "request") return requestOrigin !== undefined && url.origin === requestOrigin;
  if (allowed === "loopback") return loopbackHosts.has(url.hostname);
  return allowed.some((origin) => URL.parse(origin)?.origin === url.origin);
}
