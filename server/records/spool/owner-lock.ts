// Whether the process that owns spool files still runs: it holds an exclusive lock on its lock
// file for as long as it lives. The lock is SQLite's (an empty database in an EXCLUSIVE
// transaction): a POSIX file lock, which the kernel releases when its process ends however it
// ends — a kill -9 included — and which works across the PID namespaces of containers sharing the
// directory, where a pid check would not. Node has no flock of its own.
import { closeSync, openSync, renameSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { privateFileMode } from "../../../lib/private-files";

export interface OwnerLock {
  /** Ends the lock (the file stays unless removed first). */
  release(): void;
}

function lockFile(file: string): OwnerLock | null {
  // Created owner-only if missing — but never opened and closed here when it exists: closing any
  // descriptor of a file ends every POSIX lock this process holds on it.
  try {
    closeSync(openSync(file, "wx", privateFileMode));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const database = new DatabaseSync(file, { timeout: 0 });
  try {
    // The journal in memory: the file stays the only one (a journal file would outlive a killed owner).
    database.exec("PRAGMA journal_mode = MEMORY; BEGIN EXCLUSIVE");
  } catch (error) {
    database.close();
    // SQLITE_BUSY: another process (or another connection of this one) holds it.
    if ((error as { errcode?: number }).errcode === 5) return null;
    throw error;
  }
  return {
    release() {
      if (!database.isOpen) return;
      database.exec("ROLLBACK");
      database.close();
    },
  };
}

/**
 * Takes this process's lock: under a temporary name first, then moved into place, so nobody sees
 * the lock file before it is held (and takes it for an ended owner's).
 */
export function holdOwnerLock(file: string): OwnerLock {
  const temporary = `${file}-new`;
  const lock = lockFile(temporary);
  if (!lock) throw new Error(`The spool's lock ${temporary} is held by another process`);
  try {
    renameSync(temporary, file);
  } catch (error) {
    lock.release();
    rmSync(temporary, { force: true });
    throw error;
  }
  return lock;
}

/** Takes an owner's lock when its process has ended; null while it runs. */
export function tryOwnerLock(file: string): OwnerLock | null {
  return lockFile(file);
}
