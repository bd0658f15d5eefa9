// Dates and times as the page shows them, formatted once on the server in the user's language
// and the console's time zone (the venue's: its process's TZ), so the server render and every
// revalidation agree (docs/decisions/030-live-screens.md), and every screen tells the same time.
import { consoleTimeZone } from "~/domain/time-zone";

const styles = {
  date: { dateStyle: "medium" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** For records, where a minute holds many (the audit log). */
  dateTimeSeconds: { dateStyle: "medium", timeStyle: "medium" },
  time: { timeStyle: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building a formatter costs far more than using one, and a list formats a date per row; the
// languages are the console's few, but the cache is bounded all the same.
const formatters = new Map<string, Intl.DateTimeFormat>();
const mostFormatters = 32;

function formatterFor(style: keyof typeof styles, locale: string, timeZone: string) {
  const key = `${style} ${locale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone });
    if (formatters.size < mostFormatters) formatters.set(key, formatter);
  }
  return formatter;
}

export function formatDate(iso: string, locale: string, timeZone = consoleTimeZone()): string {
  return formatterFor("date", locale, timeZone).format(new Date(iso));
}

export function formatDateTime(iso: string, locale: string, timeZone = consoleTimeZone()): string {
  return formatterFor("dateTime", locale, timeZone).format(new Date(iso));
}

export function formatDateTimeWithSeconds(iso: string, locale: string, timeZone = consoleTimeZone()): string {
  return formatterFor("dateTimeSeconds", locale, timeZone).format(new Date(iso));
}

export function formatTime(iso: string, locale: string, timeZone = consoleTimeZone()): string {
  return formatterFor("time", locale, timeZone).format(new Date(iso));
}

// Other shapes (the charts' axis and table times): one cached formatter per language and options.
const shaped = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = shaped.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    if (shaped.size < mostFormatters) shaped.set(key, formatter);
  }
  return formatter;
}

/** A moment (ms since the epoch) as a date and time. */
export function formatMoment(at: number, locale: string): string {
  return formatterFor("dateTime", locale, consoleTimeZone()).format(at);
}
