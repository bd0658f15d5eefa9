// The server-side session store: the cookie carries only a signed id, the data lives here,
// sealed (session-crypto.server.ts) in an owner-only SQLite file (node:sqlite). Anything with
// these six methods can replace it.
import type { DatabaseSync } from "node:sqlite";
import { createSessionSealer, isSealed } from "~/auth/session-crypto.server";
import type { SessionStoreOperation } from "~/observability.server";
import { openPrivateDatabase } from "../../lib/private-files";

export interface SessionStore {
  create(id: string, data: unknown, expiresAt: Date): void;
  read(id: string, now?: Date): unknown | null;
  update(id: string, data: unknown, expiresAt: Date): void;
  /**
   * Changes a session's data in one step, reading and writing under one lock, so that requests
   * of the same session running side by side (the loaders of a page, a refresh, an action) each
   * change their own keys and never write back a stale copy of another's. `change` edits the
   * data in place and returns what the caller wants back; nothing happens without a row.
   */
  modify<T>(id: string, change: (data: Record<string, unknown>) => T): { found: false } | { found: true; result: T };
  remove(id: string): void;
  removeExpired(now?: Date): number;
}

export interface SessionStoreOptions {
  /** The session secrets, newest first: the newest seals, any opens. */
  secrets: readonly string[];
}

/** Rows written in the clear by an earlier version are sealed once, and their old bytes wiped. */
function sealPlainRows(db: DatabaseSync, seal: (id: string, plaintext: string) => string) {
  const plain = db.prepare("SELECT id, data FROM sessions WHERE data NOT LIKE 'v1.%'").all() as {
    id: string;
    data: string;
  }[];
  if (plain.length === 0) return;
  const update = db.prepare("UPDATE sessions SET data = ? WHERE id = ?");
  db.exec("BEGIN");
  for (const row of plain) if (!isSealed(row.data)) update.run(seal(row.id, row.data), row.id);
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

export function createSqliteSessionStore(file: string, options: SessionStoreOptions): SessionStore {
  const sealer = createSessionSealer(options.secrets);
  const db = openPrivateDatabase(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA busy_timeout = 5000;
    PRAGMA secure_delete = ON;
    CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      data TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);
  `);
  sealPlainRows(db, sealer.seal);
  const insert = db.prepare("INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)");
  const select = db.prepare("SELECT data FROM sessions WHERE id = ? AND expires_at > ?");
  const upsert = db.prepare(
    "INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at",
  );
  const rewrite = db.prepare("UPDATE sessions SET data = ? WHERE id = ?");
  const remove = db.prepare("DELETE FROM sessions WHERE id = ?");
  const removeExpired = db.prepare("DELETE FROM sessions WHERE expires_at <= ?");
  const sealed = (id: string, data: unknown) => sealer.seal(id, JSON.stringify(data));

  return {
    create(id, data, expiresAt) {
      insert.run(id, sealed(id, data), expiresAt.getTime());
    },
    read(id, now = new Date()) {
      const row = select.get(id, now.getTime()) as { data: string } | undefined;
      if (!row) return null;
      const plaintext = sealer.open(id, row.data);
      // Sealed by a secret no longer listed, or altered: as good as no session.
      if (plaintext === null) return null;
      // After a rotation, active sessions move to the newest key before the old one is dropped.
      if (sealer.isStale(row.data)) rewrite.run(sealer.seal(id, plaintext), id);
      return JSON.parse(plaintext);
    },
    update(id, data, expiresAt) {
      upsert.run(id, sealed(id, data), expiresAt.getTime());
    },
    modify(id, change) {
      // IMMEDIATE takes the write lock before reading: another process sharing the file (a
      // worker of the same host) waits instead of interleaving its own read and write.
      db.exec("BEGIN IMMEDIATE");
      try {
        const row = select.get(id, Date.now()) as { data: string } | undefined;
        const plaintext = row ? sealer.open(id, row.data) : null;
        if (plaintext === null) {
          db.exec("COMMIT");
          return { found: false };
        }
        const data = JSON.parse(plaintext) as Record<string, unknown>;
        const result = change(data);
        rewrite.run(sealed(id, data), id);
        db.exec("COMMIT");
        return { found: true, result };
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    remove(id) {
      remove.run(id);
    },
    removeExpired(now = new Date()) {
      return Number(removeExpired.run(now.getTime()).changes);
    },
  };
}

/** The same store, each operation timed for the session store latency metric. */
export function timedSessionStore(
  store: SessionStore,
  report: (operation: SessionStoreOperation, durationMs: number) => void,
): SessionStore {
  function timed<A extends unknown[], R>(operation: SessionStoreOperation, run: (...args: A) => R) {
    return (...args: A): R => {
      const started = performance.now();
      try {
        return run(...args);
      } finally {
        report(operation, performance.now() - started);
      }
    };
  }
  return {
    create: timed("create", store.create.bind(store)),
    read: timed("read", store.read.bind(store)),
    update: timed("update", store.update.bind(store)),
    modify: (id, change) => timed("modify", () => store.modify(id, change))(),
    remove: timed("remove", store.remove.bind(store)),
    removeExpired: timed("removeExpired", store.removeExpired.bind(store)),
  };
}
