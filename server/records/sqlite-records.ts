// The durable store on the SQLite file of one host (the default): the audit log and rollouts in
// `<DATA_DIRECTORY>/console/records.sqlite`, shared by the console processes of that host,
// migrated at open (docs/decisions/055-durable-records.md).
import type { SQLInputValue } from "node:sqlite";
import type { DurableStore } from "../../app/records/durable-store";
import { claimMaintenance, retentionClaim, retentionEveryMs } from "./maintenance-sql";
import type { Dialect } from "./rollout-sql";
import { openRecordsDatabase } from "./sqlite-database";
import { migrateSqlite } from "./sqlite-migrations";
import { createSqliteAuditLog } from "./sqlite-audit-log";
import { createSqliteRollouts } from "./sqlite-rollouts";

const dialect: Dialect = { placeholders: "?", time: (date) => date.getTime() };

export interface SqliteRecordsOptions {
  /** How long a write waits for another process's lock before it fails (and goes to the spool). */
  busyTimeoutMs?: number;
}

export function createSqliteRecords(file: string, options: SqliteRecordsOptions = {}): DurableStore {
  const db = openRecordsDatabase(file, options.busyTimeoutMs);
  try {
    migrateSqlite(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    kind: "sqlite",
    auditLog: createSqliteAuditLog(db),
    rollouts: createSqliteRollouts(db),
    async retentionDue(now = new Date()) {
      const claim = claimMaintenance(dialect, retentionClaim, now, retentionEveryMs);
      return db.prepare(claim.sql).all(...(claim.values as SQLInputValue[])).length === 1;
    },
    async ready() {},
    async ping() {
      try {
        db.prepare("SELECT 1").get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
