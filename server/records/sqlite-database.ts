// The durable store's SQLite file: owner-only (lib/private-files.ts), WAL, a busy timeout, so the
// console processes of one host share it; every check-and-change runs as one IMMEDIATE
// transaction, which SQLite runs alone across those processes.
import type { DatabaseSync } from "node:sqlite";
import { openPrivateDatabase } from "../../lib/private-files";

/** How long a statement waits for another process's write lock before it fails. */
export const defaultBusyTimeoutMs = 5000;

export function openRecordsDatabase(file: string, busyTimeoutMs = defaultBusyTimeoutMs): DatabaseSync {
  const db = openPrivateDatabase(file);
  db.exec(`
    PRAGMA busy_timeout = ${Math.floor(busyTimeoutMs)};
    PRAGMA foreign_keys = ON;
  `);
  return db;
}

/** Runs `work` as one IMMEDIATE transaction: it takes the write lock before reading. */
export function immediately<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
