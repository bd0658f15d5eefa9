// The durable store's schema on SQLite, as migrations applied in one IMMEDIATE transaction: the
// first process to open the file takes the write lock, the others wait (busy timeout) and then
// find nothing left to do. Times are milliseconds since 1970 (UTC).
import type { DatabaseSync } from "node:sqlite";
import { pendingMigrations, type Migration } from "./migrations";

export const sqliteMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "audit log",
    sql: `
      CREATE TABLE audit_records (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        time INTEGER NOT NULL,
        request_id TEXT NOT NULL,
        user_id TEXT,
        user_name TEXT,
        user_role TEXT,
        action TEXT NOT NULL,
        action_group TEXT,
        target_kind TEXT,
        serial_number TEXT,
        channel_index INTEGER,
        target_id TEXT,
        target_label TEXT,
        changes TEXT NOT NULL,
        outcome_kind TEXT NOT NULL,
        outcome TEXT NOT NULL
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
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at INTEGER NOT NULL,
        created_by TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        state TEXT NOT NULL,
        options TEXT NOT NULL,
        reason TEXT,
        current_wave INTEGER NOT NULL DEFAULT 0,
        ended_at INTEGER
      );
      CREATE INDEX rollouts_created ON rollouts (created_at, id);
      CREATE INDEX rollouts_state ON rollouts (state, created_at, id);
      CREATE TABLE rollout_stations (
        rollout_id INTEGER NOT NULL REFERENCES rollouts (id) ON DELETE CASCADE,
        serial_number TEXT NOT NULL,
        station_type TEXT,
        version TEXT,
        wave INTEGER NOT NULL,
        state TEXT NOT NULL,
        update_sent_at INTEGER,
        ended_at INTEGER,
        message TEXT,
        updated_at INTEGER NOT NULL,
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
        last_run INTEGER NOT NULL
      );
    `,
  },
];

/** Applies what is missing, all in one IMMEDIATE transaction; returns the versions applied. */
export function migrateSqlite(db: DatabaseSync, migrations: readonly Migration[] = sqliteMigrations): number[] {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at INTEGER NOT NULL
    )`);
    const rows = db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[];
    const pending = pendingMigrations(migrations, new Set(rows.map((row) => row.version)));
    const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
    for (const migration of pending) {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    }
    db.exec("COMMIT");
    return pending.map((migration) => migration.version);
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
