// The audit log on the records' query layer (Kysely): one implementation for the SQLite file and
// PostgreSQL (docs/decisions/071-one-records-layer.md). Only the time's form (milliseconds or
// timestamptz) and SQLite's index choice (below) differ. A page is one indexed query; a stream
// reads batches by keyset (never OFFSET), one query each, and gives the event loop back between
// them; old records are deleted a few thousand at a time.
import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { expressionBuilder, sql, type Expression, type Selectable, type SqlBool } from "kysely";
import {
  actionGroup,
  distinctLimit,
  normalizeAuditRecord,
  prefixUpperBound,
  type AuditChange,
  type AuditFilter,
  type AuditLog,
  type AuditOutcome,
  type AuditRecord,
} from "../../app/records/audit-log";
import type { RecordsLayer } from "./layer/open-layer";
import type { AuditRecordTable, RecordsSchema } from "./layer/schema";

/** Batch size of a stream when the caller names none. */
export const defaultStreamBatch = 500;

/** The total and whether it is exact, from a count of up to `countUpTo` + 1 matches. */
export function totalOf(count: number, countUpTo: number | undefined) {
  return countUpTo !== undefined && count > countUpTo
    ? { total: countUpTo, totalIsExact: false }
    : { total: count, totalIsExact: true };
}

/** A time as the database keeps it: milliseconds (SQLite) or a Date (timestamptz). */
export function recordTime(layer: RecordsLayer, date: Date): number | Date {
  return layer.kind === "postgres" ? date : date.getTime();
}

/** JSON text (SQLite) or already parsed from jsonb (PostgreSQL). */
export const parsedJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** 1 written into the statement (not a parameter), as in the walks' steps and their LIMITs. */
const one = sql.lit(1);

/** Where the next batch of a newest-first walk starts: after the last row read. */
interface AuditCursor {
  time: number | Date;
  seq: number;
}

type AuditColumn = "serial_number" | "user_id" | "action" | "action_group" | "outcome_kind";

/**
 * The conditions of a filter (none when it has none), optionally only the rows after a cursor.
 * The first equality of station, user, action, action group, outcome (about the most selective
 * first) drives: its index, (column, time, seq, …), reads the matching rows already newest first,
 * date range included, so a page reads only the rows it shows; with no equality the time index
 * does. Each index also carries the columns of the filters after its own (see the migrations), so
 * the other conditions are checked in the index before a row is read. In SQLite, whose planner has
 * no statistics here, the other conditions are kept off their own indexes (unary +): on one it
 * would sort every matching row for one page. A count (not `ordered`) with no equality reads a
 * prefix's range of the action index.
 */
function auditConditions(
  layer: RecordsLayer,
  filter: AuditFilter,
  walk: { ordered: boolean; after?: AuditCursor },
): Expression<SqlBool>[] {
  const eb = expressionBuilder<RecordsSchema, "audit_records">();
  const prefix = filter.action && "startsWith" in filter.action ? filter.action.startsWith : undefined;
  const group = prefix !== undefined && actionGroup(prefix) === prefix ? prefix : undefined;
  const equalities: Array<[column: AuditColumn, value: string]> = [];
  if (filter.serialNumber !== undefined) equalities.push(["serial_number", filter.serialNumber]);
  if (filter.userId !== undefined) equalities.push(["user_id", filter.userId]);
  if (filter.action && "equals" in filter.action) equalities.push(["action", filter.action.equals]);
  if (group !== undefined) equalities.push(["action_group", group]);
  if (filter.outcome !== undefined) equalities.push(["outcome_kind", filter.outcome]);

  // SQLite's planner, left alone, may take a condition's own index over the driving one.
  const unindexed = (column: AuditColumn): Expression<string | null> =>
    layer.kind === "sqlite" ? sql<string | null>`+${sql.ref(column)}` : eb.ref(column);
  const range = (column: Expression<string | null>, start: string) => [
    eb(column, ">=", start),
    eb(column, "<", prefixUpperBound(start)),
  ];
  const conditions: Expression<SqlBool>[] = [];
  equalities.forEach(([column, value], index) => {
    if (index === 0) conditions.push(eb(column, "=", value));
    // A group is a prefix of the action, the column the other indexes carry.
    else if (column === "action_group") conditions.push(...range(unindexed("action"), value));
    else conditions.push(eb(unindexed(column), "=", value));
  });
  if (prefix !== undefined && group === undefined) {
    const action = walk.ordered || equalities.length > 0 ? unindexed("action") : eb.ref("action");
    conditions.push(...range(action, prefix));
  }
  if (filter.from !== undefined) conditions.push(eb("time", ">=", recordTime(layer, filter.from)));
  if (filter.to !== undefined) conditions.push(eb("time", "<", recordTime(layer, filter.to)));
  const after = walk.after;
  if (after) conditions.push(eb(eb.refTuple("time", "seq"), "<", eb.tuple(after.time, after.seq)));
  return conditions;
}

const recordColumns = [
  "seq",
  "id",
  "time",
  "request_id",
  "user_id",
  "user_name",
  "user_role",
  "action",
  "target_kind",
  "serial_number",
  "channel_index",
  "target_id",
  "target_label",
  "changes",
  "outcome",
] as const;

type AuditRow = Pick<Selectable<AuditRecordTable>, (typeof recordColumns)[number]>;

function recordFromRow(row: AuditRow): AuditRecord {
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
    changes: parsedJson<AuditChange[]>(row.changes),
    outcome: parsedJson<AuditOutcome>(row.outcome),
  };
}

export function createAuditStore(layer: RecordsLayer): AuditLog {
  /** Rows deleted per statement by removeOlderThan: short locks, however many are due. */
  const deleteBatch = layer.kind === "sqlite" ? 2000 : 5000;

  async function select(filter: AuditFilter, limit: number, offset: number, after?: AuditCursor) {
    const db = await layer.db();
    const conditions = auditConditions(layer, filter, { ordered: true, after });
    return db
      .selectFrom("audit_records")
      .select(recordColumns)
      .$if(conditions.length > 0, (query) => query.where((eb) => eb.and(conditions)))
      .orderBy("time", "desc")
      .orderBy("seq", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** The count of a filter's matches, up to `countUpTo` + 1 when given (enough to know it is more). */
  async function count(filter: AuditFilter, countUpTo: number | undefined) {
    const db = await layer.db();
    const conditions = auditConditions(layer, filter, { ordered: false });
    const matching = db
      .selectFrom("audit_records")
      .$if(conditions.length > 0, (query) => query.where((eb) => eb.and(conditions)));
    const counted =
      countUpTo === undefined
        ? matching.select((eb) => eb.fn.countAll<number>().as("total"))
        : db
            .selectFrom(
              matching
                .select(sql<number>`1`.as("one"))
                .limit(countUpTo + 1)
                .as("counted"),
            )
            .select((eb) => eb.fn.countAll<number>().as("total"));
    return Number((await counted.executeTakeFirstOrThrow()).total);
  }

  return {
    async append(given) {
      const record = normalizeAuditRecord(given, given.id ?? randomUUID());
      const db = await layer.db();
      await db
        .insertInto("audit_records")
        .values({
          id: record.id,
          time: recordTime(layer, new Date(record.time)),
          request_id: record.requestId,
          user_id: record.user?.id ?? null,
          user_name: record.user?.name ?? null,
          user_role: record.user?.role ?? null,
          action: record.action,
          action_group: actionGroup(record.action),
          target_kind: record.target.kind ?? null,
          serial_number: record.target.serialNumber ?? null,
          channel_index: record.target.channelIndex ?? null,
          target_id: record.target.id ?? null,
          target_label: record.target.label ?? null,
          changes: JSON.stringify(record.changes),
          outcome_kind: record.outcome.kind,
          outcome: JSON.stringify(record.outcome),
        })
        // A record whose id is stored already is not stored again: the spool's replay writes
        // again what may have arrived (a first try only late), and the id decides (decision 066).
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      return record;
    },

    async query(filter, page) {
      const [rows, total] = await Promise.all([select(filter, page.take, page.skip), count(filter, page.countUpTo)]);
      return { rows: rows.map(recordFromRow), ...totalOf(total, page.countUpTo) };
    },

    async *stream(filter, options) {
      const batchSize = options?.batchSize ?? defaultStreamBatch;
      let after: AuditCursor | undefined;
      for (;;) {
        const rows = await select(filter, batchSize, 0, after);
        for (const row of rows) yield recordFromRow(row);
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        after = { time: last.time, seq: last.seq };
        await nextTurn();
      }
    },

    /**
     * The users who have records, at most `limit`, with the name and role of each one's latest
     * record. A recursive walk of the user index, one step per user (not a scan of every record):
     * the filter form asks for it on every page.
     */
    async distinctUsers(limit = distinctLimit) {
      const db = await layer.db();
      const rows = await db
        .withRecursive("users(id, n)", (recursive) =>
          recursive
            .selectNoFrom((eb) => [
              eb
                .selectFrom("audit_records")
                .select("user_id")
                .where("user_id", "is not", null)
                .orderBy("user_id")
                .limit(one)
                .as("id"),
              one.as("n"),
            ])
            .unionAll((step) =>
              step
                .selectFrom("users")
                .select((eb) => [
                  eb
                    .selectFrom("audit_records")
                    .select("audit_records.user_id")
                    .whereRef("audit_records.user_id", ">", "users.id")
                    .orderBy("audit_records.user_id")
                    .limit(one)
                    .as("id"),
                  eb("users.n", "+", one).as("n"),
                ])
                .where("users.id", "is not", null)
                .where("users.n", "<", limit),
            ),
        )
        .selectFrom("users")
        .select((eb) => {
          const latest = (column: "user_name" | "user_role") =>
            eb
              .selectFrom("audit_records as latest")
              .select(`latest.${column}`)
              .whereRef("latest.user_id", "=", "users.id")
              .orderBy("latest.time", "desc")
              .orderBy("latest.seq", "desc")
              .limit(one);
          return ["users.id", latest("user_name").as("name"), latest("user_role").as("role")];
        })
        .where("users.id", "is not", null)
        .orderBy("name")
        .orderBy("users.id")
        .execute();
      return rows.map((row) => ({ id: String(row.id), name: row.name ?? "", role: row.role ?? "" }));
    },

    /** The actions that have records, at most `limit`, by the same walk over the action index. */
    async distinctActions(limit = distinctLimit) {
      const db = await layer.db();
      const rows = await db
        .withRecursive("actions(action, n)", (recursive) =>
          recursive
            .selectNoFrom((eb) => [
              eb.selectFrom("audit_records").select("action").orderBy("action").limit(one).as("action"),
              one.as("n"),
            ])
            .unionAll((step) =>
              step
                .selectFrom("actions")
                .select((eb) => [
                  eb
                    .selectFrom("audit_records")
                    .select("audit_records.action")
                    .whereRef("audit_records.action", ">", "actions.action")
                    .orderBy("audit_records.action")
                    .limit(one)
                    .as("action"),
                  eb("actions.n", "+", one).as("n"),
                ])
                .where("actions.action", "is not", null)
                .where("actions.n", "<", limit),
            ),
        )
        .selectFrom("actions")
        .select("actions.action")
        .where("actions.action", "is not", null)
        .orderBy("actions.action")
        .execute();
      return rows.map((row) => String(row.action));
    },

    async removeOlderThan(time) {
      let removed = 0;
      for (;;) {
        const db = await layer.db();
        const { numDeletedRows } = await db
          .deleteFrom("audit_records")
          .where("seq", "in", (eb) =>
            eb
              .selectFrom("audit_records")
              .select("seq")
              .where("time", "<", recordTime(layer, time))
              .orderBy("time")
              .limit(deleteBatch),
          )
          .executeTakeFirst();
        const deleted = Number(numDeletedRows);
        removed += deleted;
        if (deleted < deleteBatch) return removed;
        await nextTurn();
      }
    },
  };
}
