// The time ranges the listener history shows (issue 35, item 3): the last 6 hours, day, week or
// month up to now, or a custom range of dates and times in the console's time zone (the venue's,
// as every screen shows times: app/utils/dates.ts). Each is cut into periods for its chart — at
// most about 360, each a whole minute, five, a quarter hour, an hour, three, six, a day or a week,
// the longer ones from local midnight.
import { dayMs, hourMs, minuteMs } from "~/domain/listening-series";

export const presetRanges = ["6h", "day", "week", "month"] as const;
export type PresetRange = (typeof presetRanges)[number];
export type RangeName = PresetRange | "custom";

const presetLengthMs: Record<PresetRange, number> = {
  "6h": 6 * hourMs,
  day: dayMs,
  week: 7 * dayMs,
  month: 30 * dayMs,
};

export const periodChoicesMs = [
  minuteMs,
  5 * minuteMs,
  15 * minuteMs,
  hourMs,
  3 * hourMs,
  6 * hourMs,
  dayMs,
  7 * dayMs,
];
const mostPeriods = 360;

export interface ListeningRange {
  name: RangeName;
  from: number;
  /** Exclusive. */
  to: number;
  /** The chart's period. */
  periodMs: number;
  /** It ends now: it grows while the page is open (with JavaScript). */
  isLive: boolean;
  /** As the custom form shows them (local "YYYY-MM-DDTHH:MM"). */
  fromText: string;
  toText: string;
}

export type RangeError = "customMissing" | "customInvalid" | "customOrder" | "customTooLong";

function pad(value: number) {
  return String(value).padStart(2, "0");
}

/** A time as a datetime-local field shows it, in the console's time zone. */
export function localText(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value ("2026-03-14T19:30") or a date ("2026-03-14": its midnight), in the
 * console's time zone; null when it is neither or not a real date.
 */
export function parseLocalTime(text: string | null | undefined): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text?.trim() ?? "");
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(year!, month! - 1, day!, hours!, minutes!);
  const sameDay = date.getFullYear() === year && date.getMonth() === month! - 1 && date.getDate() === day;
  if (!sameDay || hours! > 23 || minutes! > 59) return null;
  return date.getTime();
}

/** The shortest period of the choices that cuts the range into at most about 360. */
export function periodFor(lengthMs: number): number {
  return periodChoicesMs.find((period) => lengthMs / period <= mostPeriods) ?? periodChoicesMs.at(-1)!;
}

/**
 * The period edges of [from, to): `from`, each whole period (local midnights for days and weeks,
 * local hours for hours) inside, and `to`.
 */
export function periodEdges(from: number, to: number, periodMs: number): number[] {
  const edges = [from];
  let next: number;
  if (periodMs >= dayMs) {
    const start = new Date(from);
    start.setHours(0, 0, 0, 0);
    const days = periodMs / dayMs;
    const step = (date: Date) => date.setDate(date.getDate() + days);
    for (step(start); start.getTime() < to; step(start)) edges.push(start.getTime());
    return [...edges, to];
  }
  if (periodMs >= hourMs) {
    // Whole local hours: the offset of the zone at `from` (zones are whole quarter hours off UTC).
    const offset = new Date(from).getTimezoneOffset() * minuteMs;
    next = Math.floor((from - offset) / periodMs) * periodMs + offset + periodMs;
  } else {
    next = Math.floor(from / periodMs) * periodMs + periodMs;
  }
  for (; next < to; next += periodMs) edges.push(next);
  return [...edges, to];
}

/**
 * The range a page's search parameters ask for (`range`, and `from`/`to` for a custom one), or the
 * last day with the reason a custom range was refused.
 */
export function rangeOf(
  search: URLSearchParams,
  now: number,
  options: { mostDays: number },
): { range: ListeningRange; error: RangeError | null } {
  const name = search.get("range");
  const preset = (presetRanges as readonly string[]).includes(name ?? "") ? (name as PresetRange) : null;
  const presetRange = (which: PresetRange): ListeningRange => {
    const from = now - presetLengthMs[which];
    return {
      name: which,
      from,
      to: now,
      periodMs: periodFor(presetLengthMs[which]),
      isLive: true,
      fromText: localText(from),
      toText: localText(now),
    };
  };
  if (name !== "custom") return { range: presetRange(preset ?? "day"), error: null };
  const fromText = search.get("from") ?? "";
  const toText = search.get("to") ?? "";
  const refused = (error: RangeError) => ({ range: { ...presetRange("day"), fromText, toText }, error });
  if (fromText.trim() === "" || toText.trim() === "") return refused("customMissing");
  const from = parseLocalTime(fromText);
  let to = parseLocalTime(toText);
  if (from === null || to === null) return refused("customInvalid");
  // A date alone as the end means that whole day.
  if (!toText.includes("T")) {
    const next = new Date(to);
    next.setDate(next.getDate() + 1);
    to = next.getTime();
  }
  if (to <= from) return refused("customOrder");
  if (to - from > options.mostDays * dayMs) return refused("customTooLong");
  // Up to now: one that began less than a minute ago ends now too (the rest of its first minute is
  // to come, not a time nothing is known of); only a range wholly to come is a minute long.
  const end = Math.min(to, now) > from ? Math.min(to, now) : from + minuteMs;
  return {
    range: {
      name: "custom",
      from,
      to: end,
      periodMs: periodFor(end - from),
      isLive: to >= now,
      fromText,
      toText,
    },
    error: null,
  };
}
