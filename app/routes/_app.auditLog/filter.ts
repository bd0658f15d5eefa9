// The audit log's filter as the URL carries it (a plain GET form): user, station, action,
// outcome and a date range in days of the console's time zone, the one the table's times are in.
// A value that cannot be used is dropped from the query and named next to its field — never a 500
// (issue 28, item 6).
import { consoleTimeZone, nextCalendarDay, startOfDay, type CalendarDay } from "~/domain/time-zone";
import { auditOutcomeKinds, type AuditFilter, type AuditOutcomeKind } from "~/records/audit-log";

export const auditFilterParams = ["user", "station", "action", "outcome", "from", "to"] as const;
export type AuditFilterParam = (typeof auditFilterParams)[number];

/** What the form shows: the values as typed, each a string. */
export type AuditFilterValues = Record<AuditFilterParam, string>;

/** A field's problem, as the key of its message under auditLog.invalid. */
export type AuditFilterProblem = "action" | "date" | "range" | "outcome" | "station";

export interface ParsedAuditFilter {
  values: AuditFilterValues;
  filter: AuditFilter;
  problems: Partial<Record<AuditFilterParam, AuditFilterProblem>>;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const longestSerialNumber = 64;

/** The day written YYYY-MM-DD, or null when it is no such day between 2000 and 2999. */
export function calendarDayOf(text: string): CalendarDay | null {
  const match = dayPattern.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2999) return null;
  // Date.UTC rolls 2026-02-31 over into March: such a day does not exist.
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The filter in `search`. `knownActions` are the actions that have records: another one (typed
 * into the URL, or gone with retention) is dropped with a message rather than showing nothing.
 */
export function parseAuditFilter(
  search: URLSearchParams,
  knownActions: readonly string[],
  timeZone: string = consoleTimeZone(),
): ParsedAuditFilter {
  const values = Object.fromEntries(
    auditFilterParams.map((name) => [name, (search.get(name) ?? "").trim().slice(0, 200)]),
  ) as AuditFilterValues;
  const filter: AuditFilter = {};
  const problems: ParsedAuditFilter["problems"] = {};

  if (values.user) filter.userId = values.user;
  if (values.station) {
    if (values.station.length > longestSerialNumber) problems.station = "station";
    else filter.serialNumber = values.station;
  }
  if (values.action) {
    if (knownActions.includes(values.action)) filter.action = { equals: values.action };
    else problems.action = "action";
  }
  if (values.outcome) {
    if ((auditOutcomeKinds as readonly string[]).includes(values.outcome))
      filter.outcome = values.outcome as AuditOutcomeKind;
    else problems.outcome = "outcome";
  }
  const from = values.from ? calendarDayOf(values.from) : null;
  const to = values.to ? calendarDayOf(values.to) : null;
  if (values.from && !from) problems.from = "date";
  if (values.to && !to) problems.to = "date";
  if (from) filter.from = startOfDay(from, timeZone);
  if (from && to && values.to < values.from) problems.to = "range";
  // "To" includes its whole day: up to the next day's start (23 or 25 hours on a day the clocks change).
  else if (to) filter.to = startOfDay(nextCalendarDay(to), timeZone);
  return { values, filter, problems };
}

/** The filter's query parameters (those given), for the CSV link and the paging links. */
export function auditFilterQuery(values: AuditFilterValues): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of auditFilterParams) if (values[name]) query.set(name, values[name]);
  return query;
}
