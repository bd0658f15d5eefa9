// Sessions, the demo's session secret and the simulator's keys and tokens live in the data
// directory: it and everything the console writes there is for the console's own user only
// (0700 directories, 0600 files), also on a machine other people use. SQLite gives its -wal
// and -shm files the mode of the database file, so each database file is made 0600 before
// SQLite first opens it (docs/decisions/007-security.md).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";

export const privateDirectoryMode = 0o700;
export const privateFileMode = 0o600;

/** Creates the directory (and missing parents) owner-only, and tightens it if it exists. */
export function privateDirectory(path: string) {
  mkdirSync(path, { recursive: true, mode: privateDirectoryMode });
  chmodSync(path, privateDirectoryMode);
}

/** Makes an existing file owner-only (one written before this rule, or by another tool). */
export function privateFile(file: string) {
  if (existsSync(file)) chmodSync(file, privateFileMode);
}

/** A SQLite database whose file, -wal and -shm are owner-only, in an owner-only directory. */
/**
 * SQLite can answer the switch to WAL with "database is locked" at once, without waiting for the
 * busy timeout, while another process switches the same new file: try again for up to 5 s.
 */
function switchToWal(database: DatabaseSync) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      database.exec("PRAGMA journal_mode = WAL;");
      return;
    } catch (error) {
      if ((error as { errcode?: number }).errcode !== 5 || attempt >= 50) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

export function openPrivateDatabase(file: string): DatabaseSync {
  if (file === ":memory:") return new DatabaseSync(file);
  privateDirectory(dirname(file));
  closeSync(openSync(file, "a", privateFileMode));
  privateFile(file);
  // The busy timeout before the first statement: the console's worker processes open one file at
  // start-up together, and switching a new file to WAL waits for the other's lock.
  const database = new DatabaseSync(file, { timeout: 5000 });
  // Files of an older version, made before this rule, get the same treatment.
  switchToWal(database);
  for (const suffix of ["-wal", "-shm", "-journal"]) privateFile(`${file}${suffix}`);
  return database;
}
