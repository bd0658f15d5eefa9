// The durable store's schema on PostgreSQL, as migrations applied at start by one instance at a
// time: each instance takes a session-level advisory lock on a fixed key before it looks; a
// second one waits, then finds nothing left to do. Each migration runs in its own transaction with
// its row in schema_migrations. Texts that are filtered, ordered or compared by prefix use the
// "C" collation: byte order, the same as SQLite's, and independent of the database's locale.
import type { Pool, PoolClient } from "pg";
import { pendingMigrations, type Migration } from "./migrations";

/** The advisory lock key of the durable store's migrations (any fixed number; this one is 055's). */
export const migrationLockKey = 550_280_027;

export const postgresMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "audit log",
    sql: `
      CREATE TABLE audit_records (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id TEXT COLLATE "C" NOT NULL UNIQUE,
        time TIMESTAMPTZ NOT NULL,
        request_id TEXT NOT NULL,
        user_id TEXT COLLATE "C",
        user_name TEXT,
        user_role TEXT,
        action TEXT COLLATE "C" NOT NULL,
        action_group TEXT COLLATE "C",
        target_kind TEXT,
        serial_number TEXT COLLATE "C",
        channel_index INTEGER,
        target_id TEXT,
        target_label TEXT,
        changes JSONB NOT NULL,
        outcome_kind TEXT COLLATE "C" NOT NULL,
        outcome JSONB NOT NULL
      );
      -- Newest first: an index per filter, the filter's column then (time, seq), then the columns
      -- of the filters after it (server/records/audit-sql.ts), checked without reading the row.
      CREATE INDEX audit_records_time ON audit_records (time, seq, action);
      CREATE INDEX audit_records_station ON audit_records (serial_number, time, seq, user_id, action, outcome_kind);
      CREATE INDEX audit_records_user ON audit_records (user_id, time, seq, action, outcome_kind);
      CREATE INDEX audit_records_action ON audit_records (action, time, seq, outcome_kind);
      CREATE INDEX audit_records_action_group ON audit_records (action_group, time, seq, outcome_kind);
      CREATE INDEX audit_records_outcome ON audit_records (outcome_kind, time, seq);
    `,
  },
  {
    version: 2,
    name: "rollouts",
    sql: `
      CREATE TABLE rollouts (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at TIMESTAMPTZ NOT NULL,
        created_by JSONB NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        state TEXT COLLATE "C" NOT NULL,
        options JSONB NOT NULL,
        reason JSONB,
        current_wave INTEGER NOT NULL DEFAULT 0,
        ended_at TIMESTAMPTZ
      );
      CREATE INDEX rollouts_created ON rollouts (created_at, id);
      CREATE INDEX rollouts_state ON rollouts (state, created_at, id);
      CREATE TABLE rollout_stations (
        rollout_id BIGINT NOT NULL REFERENCES rollouts (id) ON DELETE CASCADE,
        serial_number TEXT COLLATE "C" NOT NULL,
        station_type TEXT,
        version TEXT,
        wave INTEGER NOT NULL,
        state TEXT COLLATE "C" NOT NULL,
        update_sent_at TIMESTAMPTZ,
        ended_at TIMESTAMPTZ,
        message TEXT,
        updated_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (rollout_id, serial_number)
      );
      CREATE INDEX rollout_stations_wave ON rollout_stations (rollout_id, wave, serial_number);
    `,
  },
  {
    version: 3,
    name: "maintenance claims",
    sql: `
      CREATE TABLE maintenance (
        name TEXT PRIMARY KEY,
        last_run TIMESTAMPTZ NOT NULL
      );
    `,
  },
];

async function applyPending(client: PoolClient, migrations: readonly Migration[]) {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
  const pending = pendingMigrations(migrations, new Set(rows.map((row) => row.version)));
  for (const migration of pending) {
    await client.query("BEGIN");
    try {
      await client.query(migration.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  }
  return pending.map((migration) => migration.version);
}

/** Applies what is missing under the advisory lock; returns the versions this call applied. */
export async function migratePostgres(
  pool: Pool,
  migrations: readonly Migration[] = postgresMigrations,
): Promise<number[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Waits while another instance migrates (bounded by the pool's statement timeout).
    await client.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
    try {
      return await applyPending(client, migrations);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    // A connection that failed is closed, not pooled: closing it frees a lock it still held.
    client.release(broken);
  }
}
