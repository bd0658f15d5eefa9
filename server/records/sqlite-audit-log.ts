// The audit log in the SQLite file. node:sqlite answers synchronously, so every step is kept
// small: a page is one indexed query, a stream reads batches by keyset (never OFFSET) and gives
// the event loop back between them, and old records are deleted a few thousand at a time.
import { randomUUID } from "node:crypto";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { setImmediate as nextTurn } from "node:timers/promises";
import { distinctLimit, normalizeAuditRecord, type AuditFilter, type AuditLog } from "../../app/records/audit-log";
import {
  auditColumns,
  auditWhere,
  onceById,
  countSql,
  defaultStreamBatch,
  distinctActionsSql,
  distinctUsersSql,
  insertColumns,
  newestFirst,
  recordFromRow,
  rowValues,
  SqlParameters,
  totalOf,
  type AuditDialect,
  type AuditRow,
} from "./audit-sql";

const dialect: AuditDialect = { time: (date) => date.getTime(), choosesIndex: true };
/** Rows deleted per statement by removeOlderThan, between which other work runs. */
const deleteBatch = 2000;

export function createSqliteAuditLog(db: DatabaseSync): AuditLog {
  const insert = db.prepare(
    `INSERT INTO audit_records (${insertColumns}) VALUES (${insertColumns
      .split(",")
      .map(() => "?")
      .join(", ")}) ${onceById}`,
  );
  const deleteOld = db.prepare(
    "DELETE FROM audit_records WHERE seq IN (SELECT seq FROM audit_records WHERE time < ? ORDER BY time LIMIT ?)",
  );
  const all = <T>(sql: string, parameters: SqlParameters) =>
    db.prepare(sql).all(...(parameters.values as SQLInputValue[])) as unknown as T[];

  function select(filter: AuditFilter, limit: number, offset: number, after?: { time: number; seq: number }) {
    const parameters = new SqlParameters("?");
    const where = auditWhere(filter, parameters, dialect, { ordered: true, after });
    const sql = `SELECT ${auditColumns} FROM audit_records ${where} ${newestFirst} LIMIT ${parameters.add(limit)} OFFSET ${parameters.add(offset)}`;
    return all<AuditRow>(sql, parameters);
  }

  return {
    async append(given) {
      const record = normalizeAuditRecord(given, given.id ?? randomUUID());
      insert.run(...(rowValues(record, Date.parse(record.time)) as SQLInputValue[]));
      return record;
    },

    async query(filter, page) {
      const rows = select(filter, page.take, page.skip);
      const parameters = new SqlParameters("?");
      const where = auditWhere(filter, parameters, dialect, { ordered: false });
      const [{ total }] = all<{ total: number }>(countSql(where, parameters, page.countUpTo), parameters) as [
        { total: number },
      ];
      return { rows: rows.map(recordFromRow), ...totalOf(Number(total), page.countUpTo) };
    },

    async *stream(filter, options) {
      const batchSize = options?.batchSize ?? defaultStreamBatch;
      let after: { time: number; seq: number } | undefined;
      for (;;) {
        const rows = select(filter, batchSize, 0, after);
        for (const row of rows) yield recordFromRow(row);
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        after = { time: last.time as number, seq: last.seq as number };
        await nextTurn();
      }
    },

    async distinctUsers(limit = distinctLimit) {
      const parameters = new SqlParameters("?");
      return all(distinctUsersSql(parameters, limit), parameters);
    },

    async distinctActions(limit = distinctLimit) {
      const parameters = new SqlParameters("?");
      return all<{ action: string }>(distinctActionsSql(parameters, limit), parameters).map((row) => row.action);
    },

    async removeOlderThan(time) {
      let removed = 0;
      for (;;) {
        const changes = Number(deleteOld.run(time.getTime(), deleteBatch).changes);
        removed += changes;
        if (changes < deleteBatch) return removed;
        await nextTurn();
      }
    },
  };
}
