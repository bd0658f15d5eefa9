// What both audit-log implementations say alike: the filter as SQL conditions, the newest-first
// order and its keyset, and a stored row back into a record. Only the placeholders ("?" or "$n")
// and the time's form (milliseconds in SQLite, timestamptz in PostgreSQL) differ.
import {
  actionGroup,
  prefixUpperBound,
  type AuditChange,
  type AuditFilter,
  type AuditOutcome,
  type AuditRecord,
} from "../../app/records/audit-log";

/** Collects a statement's values and answers each one's placeholder. */
export class SqlParameters {
  readonly values: unknown[] = [];
  constructor(private readonly style: "?" | "$") {}

  add(value: unknown): string {
    this.values.push(value);
    return this.style === "?" ? "?" : `$${this.values.length}`;
  }
}

/** Newest first; of equal times the one appended last (the higher sequence number) first. */
export const newestFirst = "ORDER BY time DESC, seq DESC";

/** Where the next batch of a newest-first walk starts: after the last row read. */
export interface AuditCursor {
  time: unknown;
  seq: unknown;
}

export interface AuditDialect {
  /** A time as the database keeps it: milliseconds (SQLite) or a Date (timestamptz). */
  time(date: Date): unknown;
  /**
   * Whether to choose the index here (SQLite: its planner has no statistics to go by) instead of
   * leaving it to the database's planner (PostgreSQL, whose autovacuum keeps them).
   */
  choosesIndex: boolean;
}

/**
 * The WHERE clause of a filter (empty when it has no condition), optionally only the rows after a
 * cursor. The first equality of station, user, action, action group, outcome (about the most
 * selective first) drives: its index, (column, time, seq, …), reads the matching rows already
 * newest first, date range included, so a page reads only the rows it shows; with no equality the
 * time index does. Each index also carries the columns of the filters after its own (see the
 * migrations), so the other conditions are checked in the index before a row is read. In SQLite,
 * whose planner has no statistics here, the other conditions are kept off their own indexes
 * (unary +): on one it would sort every matching row for one page. A count (not `ordered`) with
 * no equality reads a prefix's range of the action index.
 */
export function auditWhere(
  filter: AuditFilter,
  parameters: SqlParameters,
  dialect: AuditDialect,
  walk: { ordered: boolean; after?: AuditCursor },
): string {
  const prefix = filter.action && "startsWith" in filter.action ? filter.action.startsWith : undefined;
  const group = prefix !== undefined && actionGroup(prefix) === prefix ? prefix : undefined;
  const equalities: Array<[column: string, value: string]> = [];
  if (filter.serialNumber !== undefined) equalities.push(["serial_number", filter.serialNumber]);
  if (filter.userId !== undefined) equalities.push(["user_id", filter.userId]);
  if (filter.action && "equals" in filter.action) equalities.push(["action", filter.action.equals]);
  if (group !== undefined) equalities.push(["action_group", group]);
  if (filter.outcome !== undefined) equalities.push(["outcome_kind", filter.outcome]);

  const unindexed = (column: string) => (dialect.choosesIndex ? `+${column}` : column);
  const conditions: string[] = [];
  const range = (column: string, start: string) =>
    `${column} >= ${parameters.add(start)} AND ${column} < ${parameters.add(prefixUpperBound(start))}`;
  equalities.forEach(([column, value], index) => {
    if (index === 0) conditions.push(`${column} = ${parameters.add(value)}`);
    // A group is a prefix of the action, the column the other indexes carry.
    else if (column === "action_group") conditions.push(range(unindexed("action"), value));
    else conditions.push(`${unindexed(column)} = ${parameters.add(value)}`);
  });
  if (prefix !== undefined && group === undefined) {
    conditions.push(range(walk.ordered || equalities.length > 0 ? unindexed("action") : "action", prefix));
  }
  if (filter.from !== undefined) conditions.push(`time >= ${parameters.add(dialect.time(filter.from))}`);
  if (filter.to !== undefined) conditions.push(`time < ${parameters.add(dialect.time(filter.to))}`);
  const after = walk.after;
  if (after) conditions.push(`(time, seq) < (${parameters.add(after.time)}, ${parameters.add(after.seq)})`);
  return conditions.length === 0 ? "" : `WHERE ${conditions.join(" AND ")}`;
}

/** The count of a filter's matches, up to `countUpTo` + 1 when given (enough to know it is more). */
export function countSql(where: string, parameters: SqlParameters, countUpTo: number | undefined): string {
  if (countUpTo === undefined) return `SELECT count(*) AS total FROM audit_records ${where}`;
  return `SELECT count(*) AS total FROM (SELECT 1 FROM audit_records ${where} LIMIT ${parameters.add(countUpTo + 1)}) AS counted`;
}

/** The total and whether it is exact, from the count of `countSql`. */
export function totalOf(count: number, countUpTo: number | undefined) {
  return countUpTo !== undefined && count > countUpTo
    ? { total: countUpTo, totalIsExact: false }
    : { total: count, totalIsExact: true };
}

/** The columns of audit_records that make a record. */
export const auditColumns =
  "seq, id, time, request_id, user_id, user_name, user_role, action, target_kind, serial_number, channel_index, target_id, target_label, changes, outcome";

export interface AuditRow {
  seq: unknown;
  id: string;
  time: number | Date;
  request_id: string;
  user_id: string | null;
  user_name: string | null;
  user_role: string | null;
  action: string;
  target_kind: string | null;
  serial_number: string | null;
  channel_index: number | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON text in SQLite, already parsed from jsonb in PostgreSQL. */
  changes: string | AuditChange[];
  outcome: string | AuditOutcome;
}

const parsed = <T>(value: string | T): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

export function recordFromRow(row: AuditRow): AuditRecord {
  const target: AuditRecord["target"] = { kind: row.target_kind as AuditRecord["target"]["kind"] };
  if (row.serial_number !== null) target.serialNumber = row.serial_number;
  if (row.channel_index !== null) target.channelIndex = row.channel_index;
  if (row.target_id !== null) target.id = row.target_id;
  if (row.target_label !== null) target.label = row.target_label;
  return {
    id: row.id,
    time: new Date(row.time).toISOString(),
    requestId: row.request_id,
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? "", role: row.user_role ?? "" },
    action: row.action,
    target,
    changes: parsed(row.changes),
    outcome: parsed(row.outcome),
  };
}

/** A record's values in the order of the INSERT both implementations write (time as given). */
export function rowValues(record: AuditRecord, time: unknown): unknown[] {
  return [
    record.id,
    time,
    record.requestId,
    record.user?.id ?? null,
    record.user?.name ?? null,
    record.user?.role ?? null,
    record.action,
    actionGroup(record.action),
    record.target.kind ?? null,
    record.target.serialNumber ?? null,
    record.target.channelIndex ?? null,
    record.target.id ?? null,
    record.target.label ?? null,
    JSON.stringify(record.changes),
    record.outcome.kind,
    JSON.stringify(record.outcome),
  ];
}

/**
 * Ends the INSERT: a record whose id is stored already is not stored again. The spool's replay
 * writes again what may have arrived (a first try only late), and the id decides (decision 066).
 */
export const onceById = "ON CONFLICT (id) DO NOTHING";

export const insertColumns =
  "id, time, request_id, user_id, user_name, user_role, action, action_group, target_kind, serial_number, channel_index, target_id, target_label, changes, outcome_kind, outcome";

/** Batch size of a stream when the caller names none. */
export const defaultStreamBatch = 500;

/**
 * The users who have records, at most `limit`, with the name and role of each one's latest
 * record. A recursive walk of the user index, one step per user (not a scan of every record):
 * the filter form asks for it on every page.
 */
export function distinctUsersSql(parameters: SqlParameters, limit: number): string {
  const latest = (column: string) =>
    `(SELECT ${column} FROM audit_records AS latest WHERE latest.user_id = users.id ORDER BY time DESC, seq DESC LIMIT 1)`;
  return `
    WITH RECURSIVE users (id, n) AS (
      SELECT (SELECT user_id FROM audit_records WHERE user_id IS NOT NULL ORDER BY user_id LIMIT 1), 1
      UNION ALL
      SELECT (SELECT user_id FROM audit_records WHERE user_id > users.id ORDER BY user_id LIMIT 1), n + 1
      FROM users WHERE users.id IS NOT NULL AND n < ${parameters.add(limit)}
    )
    SELECT id, ${latest("user_name")} AS name, ${latest("user_role")} AS role
    FROM users WHERE id IS NOT NULL ORDER BY name, id`;
}

/** The actions that have records, at most `limit`, by the same walk over the action index. */
export function distinctActionsSql(parameters: SqlParameters, limit: number): string {
  return `
    WITH RECURSIVE actions (action, n) AS (
      SELECT (SELECT action FROM audit_records ORDER BY action LIMIT 1), 1
      UNION ALL
      SELECT (SELECT action FROM audit_records WHERE action > actions.action ORDER BY action LIMIT 1), n + 1
      FROM actions WHERE actions.action IS NOT NULL AND n < ${parameters.add(limit)}
    )
    SELECT action FROM actions WHERE action IS NOT NULL ORDER BY action`;
}
