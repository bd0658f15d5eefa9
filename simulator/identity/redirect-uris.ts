/**
 * The console's sign-in return address is `<its origin>/login`, and its origin depends on how
 * it was reached (PUBLIC_URL, or the host a kiosk used). So any http(s) origin is accepted
 * as long as the path is exactly `/login` (docs/decisions/010-development-identity-provider.md).
 */
export function isConsoleLoginUri(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.username === "" &&
    url.password === "" &&
    url.pathname === "/login" &&
    url.hash === ""
  );
}
