// Small helpers for URL state (confirmations, drawers, tables): the same link works as a
// server round trip without JavaScript and as a client navigation with it.

/**
 * Query parameters that belong to an open dialog (a confirmation and what it is about, the add
 * token dialog, the App view's overlays). A link built from the current URL leaves them behind —
 * a sort link must not reopen "accept MCS-0047, fingerprint changed" — unless it sets them itself.
 */
export const dialogParams = ["confirm", "station", "fingerprintChanged", "token", "dialog", "channel", "qr"] as const;

export function withSearchParams(
  location: { pathname: string; search: string },
  changes: Record<string, string | number | null | undefined>,
) {
  const search = new URLSearchParams(location.search);
  for (const param of dialogParams) search.delete(param);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") search.delete(key);
    else search.set(key, String(value));
  }
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}
