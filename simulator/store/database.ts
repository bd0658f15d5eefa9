// The simulator's SQLite file. Entities are JSON rows keyed by their identity: the Manager
// state is held in memory and written through row by row (store/store.ts), so the schema only
// has to make loading and single-row upserts cheap, not answer queries.
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { openPrivateDatabase } from "../../lib/private-files";

const schemaVersion = 1;

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stations (serial_number TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS speaker_queues (
  channel_id TEXT PRIMARY KEY,
  serial_number TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS system_events (id TEXT PRIMARY KEY, sequence INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS available_firmware (id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS app_customization (id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (id TEXT PRIMARY KEY, access_token_hash TEXT NOT NULL, data TEXT NOT NULL);
`;

export const databaseFileName = "manager.sqlite";

export function openDatabase(dataDirectory: string): DatabaseSync {
  // API token hashes and channel PINs: owner-only, like the console's sessions.
  const database = openPrivateDatabase(path.join(dataDirectory, databaseFileName));
  // WAL with NORMAL sync: a write-through upsert per change costs microseconds, and a crash
  // loses at most the last transaction — fine for a simulator.
  database.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 2000;");
  const version = (database.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (version !== 0 && version !== schemaVersion) {
    // An older layout: the data is simulated, so start over rather than migrate.
    database.exec(
      "DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS stations; DROP TABLE IF EXISTS speaker_queues; " +
        "DROP TABLE IF EXISTS system_events; DROP TABLE IF EXISTS available_firmware; " +
        "DROP TABLE IF EXISTS app_customization; DROP TABLE IF EXISTS tokens;",
    );
  }
  database.exec(schema);
  database.exec(`PRAGMA user_version = ${schemaVersion}`);
  return database;
}
