// Dates and times as the page shows them, formatted once on the server in the user's language
// (and the console's time zone, the venue's), so the server render and every revalidation agree
// (docs/decisions/030-live-screens.md).
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

export function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(iso));
}
