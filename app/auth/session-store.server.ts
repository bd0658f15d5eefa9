// The server-side session store: the cookie carries only a signed id, the data lives here.
// SQLite (node:sqlite) by default; anything with these five methods can replace it.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";

export interface SessionStore {
  create(id: string, data: unknown, expiresAt: Date): void;
  read(id: string, now?: Date): unknown | null;
  update(id: string, data: unknown, expiresAt: Date): void;
  remove(id: string): void;
  removeExpired(now?: Date): number;
}

export function createSqliteSessionStore(file: string): SessionStore {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      data TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);
  `);
  const insert = db.prepare("INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)");
  const select = db.prepare("SELECT data FROM sessions WHERE id = ? AND expires_at > ?");
  const upsert = db.prepare(
    "INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at",
  );
  const remove = db.prepare("DELETE FROM sessions WHERE id = ?");
  const removeExpired = db.prepare("DELETE FROM sessions WHERE expires_at <= ?");

  return {
    create(id, data, expiresAt) {
      insert.run(id, JSON.stringify(data), expiresAt.getTime());
    },
    read(id, now = new Date()) {
      const row = select.get(id, now.getTime()) as { data: string } | undefined;
      return row ? JSON.parse(row.data) : null;
    },
    update(id, data, expiresAt) {
      upsert.run(id, JSON.stringify(data), expiresAt.getTime());
    },
    remove(id) {
      remove.run(id);
    },
    removeExpired(now = new Date()) {
      return Number(removeExpired.run(now.getTime()).changes);
    },
  };
}
