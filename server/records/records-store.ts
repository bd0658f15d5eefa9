// The durable store on one records layer (docs/decisions/071-one-records-layer.md): the audit
// log, the rollouts, the listening history and the alerts, with the maintenance claim, all on the
// same Kysely over the SQLite file or PostgreSQL, opened and closed together. Opening does not
// wait for the database: every call waits for the migrations (and tries them again after a
// failure), and `ready()` says when they are done.
import { sql } from "kysely";
import type { RecordsStore } from "../../app/records/durable-store";
import { createAlertStore } from "./alert-store";
import { createAuditStore, recordTime } from "./audit-store";
import {
  openPostgresLayer,
  sqliteLayer,
  type PostgresLayerOptions,
  type RecordsLayer,
  type SqliteLayerOptions,
} from "./layer/open-layer";
import { createListeningStore } from "./listening-store";
import { createRolloutStore } from "./rollout-store";

export const retentionClaim = "audit retention";
export const retentionEveryMs = 24 * 60 * 60 * 1000;

export function createRecordsStore(layer: RecordsLayer): RecordsStore {
  return {
    kind: layer.kind,
    auditLog: createAuditStore(layer),
    rollouts: createRolloutStore(layer),
    listening: createListeningStore(layer),
    alerts: createAlertStore(layer),
    /**
     * "At most once a day across all instances": a row per kind of maintenance with the time it
     * last ran, claimed by one conditional upsert — it changes the row only when the last run is
     * a day old (or there is none), and the database runs it alone, so of any number of
     * instances asking at once exactly one wins.
     */
    async retentionDue(now = new Date()) {
      const db = await layer.db();
      const dueBefore = recordTime(layer, new Date(now.getTime() - retentionEveryMs));
      const claimed = await db
        .insertInto("maintenance")
        .values({ name: retentionClaim, last_run: recordTime(layer, now) })
        .onConflict((conflict) =>
          conflict
            .column("name")
            .doUpdateSet({ last_run: (eb) => eb.ref("excluded.last_run") })
            .where("maintenance.last_run", "<=", dueBefore),
        )
        .returning("name")
        .execute();
      return claimed.length === 1;
    },
    ready: layer.ready,
    async ping() {
      try {
        await sql`select 1`.execute(await layer.db());
        return true;
      } catch {
        return false;
      }
    },
    close: layer.close,
  };
}

/** The store on the SQLite file of one host, opened at once (calls wait for its migrations). */
export function createSqliteRecords(file: string, options: SqliteLayerOptions = {}): RecordsStore {
  return createRecordsStore(sqliteLayer(file, options));
}

/** The store on PostgreSQL at `url`, opened without waiting for the database. */
export function createPostgresRecords(url: string, options: PostgresLayerOptions = {}): RecordsStore {
  return createRecordsStore(openPostgresLayer(url, options));
}
