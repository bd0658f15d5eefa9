// Calendar days and times in a time zone: the console's (its process's, the venue's), which every
// screen shows times in (app/utils/dates.ts). A day in a zone is not 24 hours of UTC: its start is
// found from the zone's offset at that moment, so a filter by day or an expiry by day is right on
// the days the clocks change too. Pure, on Intl alone.

let resolvedZone: { tz: string | undefined; zone: string } | null = null;

/** The zone the console shows times in: the server process's (TZ), e.g. "Europe/Berlin" or "UTC". */
export function consoleTimeZone(): string {
  // Resolving builds a formatter (tens of microseconds, once per time shown); TZ rarely changes.
  const tz = typeof process === "undefined" ? undefined : process.env.TZ;
  if (resolvedZone === null || resolvedZone.tz !== tz)
    resolvedZone = { tz, zone: new Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC" };
  return resolvedZone.zone;
}

// One formatter per zone: building one costs far more than using one.
const partFormatters = new Map<string, Intl.DateTimeFormat>();
const mostPartFormatters = 16;

function partsFormatter(timeZone: string) {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (partFormatters.size < mostPartFormatters) partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in `timeZone` shows at `time` (to the second). */
function wallClockAt(time: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(time))
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `time`, in minutes (east positive: Berlin in winter +60). */
export function offsetMinutesAt(time: number, timeZone: string): number {
  const clock = wallClockAt(time, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const wholeSeconds = Math.floor(time / 1000) * 1000;
  return Math.round((asUtc - wholeSeconds) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** A calendar day, written YYYY-MM-DD. */
export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export const dayText = ({ year, month, day }: CalendarDay) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The day a clock in `timeZone` shows at `time`. */
export function calendarDayAt(time: Date | number, timeZone: string): CalendarDay {
  const { year, month, day } = wallClockAt(typeof time === "number" ? time : time.getTime(), timeZone);
  return { year, month, day };
}

/** The day after `day` (the calendar's, whatever the clocks do). */
export function nextCalendarDay({ year, month, day }: CalendarDay): CalendarDay {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const compareDays = (a: CalendarDay, b: CalendarDay) => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * The first moment of `day` in `timeZone`. Usually its midnight; where the clocks skip midnight
 * (a change at 00:00), the moment they jump to; where midnight comes twice, the first.
 */
export function startOfDay(day: CalendarDay, timeZone: string): Date {
  const midnightAsUtc = Date.UTC(day.year, day.month - 1, day.day);
  // The day's start is midnight less the offset in force then, which is one of the offsets in
  // force around it: try each, keep the earliest moment that is already on that day.
  const offsets = new Set(
    [-36, -12, 0, 12, 36].map((hours) => offsetMinutesAt(midnightAsUtc + hours * 3_600_000, timeZone)),
  );
  const candidates = [...offsets]
    .map((offset) => midnightAsUtc - offset * 60_000)
    .filter((time) => compareDays(calendarDayAt(time, timeZone), day) === 0)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first === undefined) throw new RangeError(`${dayText(day)} has no start in ${timeZone}`);
  // Where midnight was skipped, the candidate may be later than the first moment of the day: step
  // back while the minute before still belongs to it (at most the hour or so the clocks jumped).
  let start = first;
  while (compareDays(calendarDayAt(start - 60_000, timeZone), day) === 0) start -= 60_000;
  return new Date(start);
}

/**
 * `iso` as ISO 8601 with the zone's offset at that moment, to the millisecond:
 * "2026-11-26T11:00:00.000+01:00" for 10:00 UTC in Berlin, "…Z" never (UTC is "+00:00").
 */
export function isoWithOffset(iso: string | Date, timeZone: string): string {
  const time = new Date(iso).getTime();
  const offset = offsetMinutesAt(time, timeZone);
  const local = new Date(time + offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const size = Math.abs(offset);
  return `${local.toISOString().slice(0, 23)}${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}
