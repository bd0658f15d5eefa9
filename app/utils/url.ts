// Small helpers for URL state (confirmations, drawers, tables): the same link works as a
// server round trip without JavaScript and as a client navigation with it.
export function withSearchParams(
  location: { pathname: string; search: string },
  changes: Record<string, string | number | null | undefined>,
) {
  const search = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") search.delete(key);
    else search.set(key, String(value));
  }
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}
