// The audit log in PostgreSQL: the same statements as on SQLite (audit-sql.ts) with "$n"
// placeholders and timestamptz times. A stream reads batches by keyset, one query each, so a
// download of any length holds one batch and no connection between batches.
import { randomUUID } from "node:crypto";
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
  type AuditCursor,
  type AuditDialect,
  type AuditRow,
} from "./audit-sql";
import type { Query } from "./postgres-database";

const dialect: AuditDialect = { time: (date) => date, choosesIndex: false };
/** Rows deleted per statement by removeOlderThan: short locks, however many are due. */
const deleteBatch = 5000;

export function createPostgresAuditLog(query: Query): AuditLog {
  const insert = `INSERT INTO audit_records (${insertColumns}) VALUES (${insertColumns
    .split(",")
    .map((_, index) => `$${index + 1}`)
    .join(", ")}) ${onceById}`;

  async function select(filter: AuditFilter, limit: number, offset: number, after?: AuditCursor) {
    const parameters = new SqlParameters("$");
    const where = auditWhere(filter, parameters, dialect, { ordered: true, after });
    const sql = `SELECT ${auditColumns} FROM audit_records ${where} ${newestFirst} LIMIT ${parameters.add(limit)} OFFSET ${parameters.add(offset)}`;
    return (await query<AuditRow>(sql, parameters.values)).rows;
  }

  return {
    async append(given) {
      const record = normalizeAuditRecord(given, given.id ?? randomUUID());
      await query(insert, rowValues(record, new Date(record.time)));
      return record;
    },

    async query(filter, page) {
      const parameters = new SqlParameters("$");
      const where = auditWhere(filter, parameters, dialect, { ordered: false });
      const [rows, count] = await Promise.all([
        select(filter, page.take, page.skip),
        query<{ total: string }>(countSql(where, parameters, page.countUpTo), parameters.values),
      ]);
      return { rows: rows.map(recordFromRow), ...totalOf(Number(count.rows[0]!.total), page.countUpTo) };
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
      }
    },

    async distinctUsers(limit = distinctLimit) {
      const parameters = new SqlParameters("$");
      const sql = distinctUsersSql(parameters, limit);
      return (await query<{ id: string; name: string; role: string }>(sql, parameters.values)).rows;
    },

    async distinctActions(limit = distinctLimit) {
      const parameters = new SqlParameters("$");
      const sql = distinctActionsSql(parameters, limit);
      return (await query<{ action: string }>(sql, parameters.values)).rows.map((row) => row.action);
    },

    async removeOlderThan(time) {
      let removed = 0;
      for (;;) {
        const { rowCount } = await query(
          "DELETE FROM audit_records WHERE seq IN (SELECT seq FROM audit_records WHERE time < $1 ORDER BY time LIMIT $2)",
          [time, deleteBatch],
        );
        removed += rowCount ?? 0;
        if ((rowCount ?? 0) < deleteBatch) return removed;
      }
    },
  };
}
