// The durable store on PostgreSQL (DATABASE_URL): every instance and worker writes to and reads
// from the one database. Opening starts the migrations without waiting for them, so a database
// that is away at start does not stop the console: every call waits for them (and tries them
// again after a failure), and `ready()` says when they are done (docs/decisions/055-durable-records.md).
import type { DurableStore } from "../../app/records/durable-store";
import { claimMaintenance, retentionClaim, retentionEveryMs } from "./maintenance-sql";
import { openPostgresDatabase, type PostgresDatabaseOptions } from "./postgres-database";
import { createPostgresAuditLog } from "./postgres-audit-log";
import { createPostgresRollouts } from "./postgres-rollouts";
import type { Dialect } from "./rollout-sql";

const dialect: Dialect = { placeholders: "$", time: (date) => date };

export type PostgresRecordsOptions = PostgresDatabaseOptions;

export function createPostgresRecords(url: string, options: PostgresRecordsOptions = {}): DurableStore {
  const database = openPostgresDatabase(url, options);
  // Started now; a failure here is seen (and retried) by the first call that needs the schema.
  database.ready().catch(() => undefined);
  let closed = false;
  return {
    kind: "postgres",
    auditLog: createPostgresAuditLog(database.query),
    rollouts: createPostgresRollouts(database.query, database.transaction),
    async retentionDue(now = new Date()) {
      const claim = claimMaintenance(dialect, retentionClaim, now, retentionEveryMs);
      return (await database.query(claim.sql, claim.values)).rowCount === 1;
    },
    ready: database.ready,
    async ping() {
      try {
        await database.query("SELECT 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await database.pool.end();
    },
  };
}
