// The default shared store: one owner-only SQLite file in the data directory (node:sqlite), in
// WAL mode with a busy timeout, so the console processes of one host share sessions, locks,
// counters, submission ids and the stations chosen on /stations. Every check-and-change is one statement or one IMMEDIATE
// transaction, which SQLite runs alone across processes. Documents (a restore's backup, up to
// 12 MB) are sealed files beside it, written and read without holding the event loop: SQLite's
// calls here are synchronous, fine for rows of a few bytes, not for megabytes.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { createSessionSealer, isSealed } from "../../app/auth/session-crypto.server";
import type { SharedStore, SharedStoreOptions, SubmissionEntry } from "../../app/store/shared-store.server";
import { openPrivateDatabase, privateDirectory, privateFileMode } from "../../lib/private-files";
import { sealedDocuments } from "./sealed-documents";
import { sealedSessions } from "./sealed-sessions";

export interface SqliteStore extends SharedStore {
  /** Deletes what expired; returns the number of sessions deleted. */
  removeExpired(now?: Date): number;
}

const sweepEveryMs = 10 * 60 * 1000;

/** Rows written in the clear by an earlier version are sealed once, and their old bytes wiped. */
function sealPlainRows(db: DatabaseSync, secrets: readonly string[]) {
  const plain = db.prepare("SELECT id, data FROM sessions WHERE data NOT LIKE 'v1.%'").all() as {
    id: string;
    data: string;
  }[];
  if (plain.length === 0) return;
  const sealer = createSessionSealer(secrets);
  const update = db.prepare("UPDATE sessions SET data = ? WHERE id = ?");
  db.exec("BEGIN");
  for (const row of plain) if (!isSealed(row.data)) update.run(sealer.seal(row.id, row.data), row.id);
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

function openDatabase(file: string) {
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
    CREATE TABLE IF NOT EXISTS locks (
      name TEXT PRIMARY KEY,
      token TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS counters (
      key TEXT NOT NULL,
      slot INTEGER NOT NULL,
      count INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (key, slot)
    );
    CREATE TABLE IF NOT EXISTS submissions (
      id TEXT PRIMARY KEY,
      state TEXT NOT NULL,
      outcome TEXT,
      owner TEXT,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS selections (
      id TEXT NOT NULL,
      member TEXT NOT NULL,
      PRIMARY KEY (id, member)
    );
    CREATE TABLE IF NOT EXISTS selection_expiry (
      id TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS documents (
      key TEXT PRIMARY KEY,
      file TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
  `);
  return db;
}

/** Runs `work` as one IMMEDIATE transaction: it takes the write lock before reading. */
function immediately<T>(db: DatabaseSync, work: () => T): T {
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

export function createSqliteStore(file: string, options: SharedStoreOptions): SqliteStore {
  const db = openDatabase(file);
  sealPlainRows(db, options.secrets);
  const sql = (text: string) => db.prepare(text);

  const session = {
    get: sql("SELECT data FROM sessions WHERE id = ? AND expires_at > ?"),
    put: sql(
      "INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at",
    ),
    swap: sql("UPDATE sessions SET data = ? WHERE id = ? AND data = ? AND expires_at > ?"),
    delete: sql("DELETE FROM sessions WHERE id = ?"),
  };
  const lock = {
    acquire: sql(
      "INSERT INTO locks (name, token, expires_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at WHERE locks.expires_at <= ?",
    ),
    renew: sql("UPDATE locks SET expires_at = ? WHERE name = ? AND token = ? AND expires_at > ?"),
    release: sql("DELETE FROM locks WHERE name = ? AND token = ?"),
  };
  const counter = {
    add: sql(
      "INSERT INTO counters (key, slot, count, expires_at) VALUES (?, ?, 1, ?) ON CONFLICT(key, slot) DO UPDATE SET count = CASE WHEN counters.expires_at <= ? THEN 1 ELSE counters.count + 1 END, expires_at = excluded.expires_at RETURNING count",
    ),
    get: sql("SELECT count FROM counters WHERE key = ? AND slot = ? AND expires_at > ?"),
    takeBack: sql("UPDATE counters SET count = count - 1 WHERE key = ? AND slot = ? AND count > 0"),
  };
  const submission = {
    claim: sql(
      "INSERT INTO submissions (id, state, outcome, owner, expires_at) VALUES (?, 'pending', NULL, ?, ?) ON CONFLICT(id) DO UPDATE SET state = 'pending', outcome = NULL, owner = excluded.owner, expires_at = excluded.expires_at WHERE submissions.expires_at <= ? OR submissions.state = 'failed'",
    ),
    read: sql("SELECT state, outcome FROM submissions WHERE id = ? AND expires_at > ?"),
    settle: sql(
      "UPDATE submissions SET state = ?, outcome = ?, owner = NULL, expires_at = ? WHERE id = ? AND owner = ? AND state = 'pending'",
    ),
    release: sql("DELETE FROM submissions WHERE id = ? AND owner = ? AND state = 'pending'"),
  };
  const selection = {
    members: sql(
      "SELECT member FROM selections WHERE id = ? AND EXISTS (SELECT 1 FROM selection_expiry WHERE id = ? AND expires_at > ?)",
    ),
    live: sql("SELECT 1 FROM selection_expiry WHERE id = ? AND expires_at > ?"),
    clear: sql("DELETE FROM selections WHERE id = ?"),
    add: sql("INSERT OR IGNORE INTO selections (id, member) VALUES (?, ?)"),
    remove: sql("DELETE FROM selections WHERE id = ? AND member = ?"),
    keep: sql(
      "INSERT INTO selection_expiry (id, expires_at) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET expires_at = excluded.expires_at",
    ),
    count: sql("SELECT count(*) AS count FROM selections WHERE id = ?"),
  };
  const document = {
    get: sql("SELECT file FROM documents WHERE key = ? AND expires_at > ?"),
    file: sql("SELECT file FROM documents WHERE key = ?"),
    put: sql(
      "INSERT INTO documents (key, file, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET file = excluded.file, expires_at = excluded.expires_at",
    ),
    delete: sql("DELETE FROM documents WHERE key = ? RETURNING file"),
    expired: sql("DELETE FROM documents WHERE expires_at <= ? RETURNING file"),
    all: sql("SELECT file FROM documents"),
  };
  // Files named at random: a new document never overwrites one a reader is reading. The
  // directory is made when the first document comes (an in-memory store keeps its files in a
  // temporary one).
  let documentDirectory: string | null = null;
  const documentsAt = file === ":memory:" ? null : join(dirname(file), "documents");
  function documentFile(name: string) {
    if (!documentDirectory) {
      documentDirectory = documentsAt ?? mkdtempSync(join(tmpdir(), "console-documents-"));
      privateDirectory(documentDirectory);
    }
    return join(documentDirectory, name);
  }
  const removeFiles = (names: string[]) =>
    Promise.all(names.map((name) => rm(documentFile(name), { force: true }))).then(() => undefined);
  /** Files no row names: left by a process that ended between writing a file and its row. */
  function removeStrayDocuments() {
    if (!documentsAt || !existsSync(documentsAt)) return;
    const named = new Set((document.all.all() as { file: string }[]).map((row) => row.file));
    void removeFiles(readdirSync(documentsAt).filter((name) => !named.has(name) && !name.endsWith(".part")));
  }

  const expired = ["sessions", "locks", "counters", "submissions"].map((table) =>
    sql(`DELETE FROM ${table} WHERE expires_at <= ?`),
  );
  const expiredSelections = [
    sql("DELETE FROM selections WHERE id IN (SELECT id FROM selection_expiry WHERE expires_at <= ?)"),
    sql("DELETE FROM selection_expiry WHERE expires_at <= ?"),
  ];

  function readSubmission(id: string): SubmissionEntry | null {
    const row = submission.read.get(id, Date.now()) as { state: string; outcome: string | null } | undefined;
    if (!row) return null;
    if (row.state === "pending") return { state: "pending" };
    return { state: row.state as "succeeded" | "failed", outcome: JSON.parse(row.outcome ?? "null") };
  }

  function removeExpired(now = new Date()) {
    const [sessions = 0] = expired.map((statement) => Number(statement.run(now.getTime()).changes));
    for (const statement of expiredSelections) statement.run(now.getTime());
    void removeFiles((document.expired.all(now.getTime()) as { file: string }[]).map((row) => row.file));
    return sessions;
  }
  removeExpired();
  removeStrayDocuments();
  // Expired rows go away on their own; unref so the timer never keeps a process alive.
  const sweep = setInterval(() => removeExpired(), sweepEveryMs);
  sweep.unref();

  return {
    kind: "sqlite",
    sessions: sealedSessions(
      {
        async get(id) {
          const row = session.get.get(id, Date.now()) as { data: string } | undefined;
          return row?.data ?? null;
        },
        async put(id, text, expiresAt) {
          session.put.run(id, text, expiresAt.getTime());
        },
        async swap(id, expected, text) {
          return Number(session.swap.run(text, id, expected, Date.now()).changes) === 1;
        },
        async delete(id) {
          session.delete.run(id);
        },
      },
      options.secrets,
    ),
    locks: {
      async acquire(name, leaseMs) {
        const token = randomBytes(16).toString("base64url");
        const now = Date.now();
        return Number(lock.acquire.run(name, token, now + leaseMs, now).changes) === 1 ? token : null;
      },
      async renew(name, token, leaseMs) {
        const now = Date.now();
        return Number(lock.renew.run(now + leaseMs, name, token, now).changes) === 1;
      },
      async release(name, token) {
        lock.release.run(name, token);
      },
    },
    counters: {
      async add(key, window, keepMs) {
        const now = Date.now();
        return immediately(db, () => {
          const { count } = counter.add.get(key, window, now + keepMs, now) as { count: number };
          const previous = counter.get.get(key, window - 1, now) as { count: number } | undefined;
          return { current: count, previous: previous?.count ?? 0 };
        });
      },
      async takeBack(key, window) {
        counter.takeBack.run(key, window);
      },
    },
    submissions: {
      async claim(id, owner, leaseMs) {
        const now = Date.now();
        return immediately(db, () =>
          Number(submission.claim.run(id, owner, now + leaseMs, now).changes) === 1 ? null : readSubmission(id),
        );
      },
      async read(id) {
        return readSubmission(id);
      },
      async settle(id, owner, entry, keepMs) {
        submission.settle.run(entry.state, JSON.stringify(entry.outcome ?? null), Date.now() + keepMs, id, owner);
      },
      async release(id, owner) {
        submission.release.run(id, owner);
      },
    },
    selections: {
      async members(id) {
        return (selection.members.all(id, id, Date.now()) as { member: string }[]).map((row) => row.member);
      },
      async change(id, { clear = false, add = [], remove = [] }, keepMs) {
        const now = Date.now();
        return immediately(db, () => {
          // An expired set is empty, whatever rows the sweep has not removed yet.
          if (clear || !selection.live.get(id, now)) selection.clear.run(id);
          for (const member of remove) selection.remove.run(id, member);
          for (const member of add) selection.add.run(id, member);
          selection.keep.run(id, now + keepMs);
          return (selection.count.get(id) as { count: number }).count;
        });
      },
    },
    documents: sealedDocuments(
      {
        async get(key) {
          const row = document.get.get(key, Date.now()) as { file: string } | undefined;
          if (!row) return null;
          try {
            const bytes = await readFile(documentFile(row.file));
            return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          } catch {
            // Replaced or swept while this read began.
            return null;
          }
        },
        async put(key, parts, expiresAt) {
          const name = randomBytes(16).toString("hex");
          await writeFile(documentFile(`${name}.part`), parts, { mode: privateFileMode });
          // The row first: a file on disk that no row names is a stray the next start removes.
          const before = document.file.get(key) as { file: string } | undefined;
          document.put.run(key, name, expiresAt.getTime());
          await rename(documentFile(`${name}.part`), documentFile(name));
          if (before) await removeFiles([before.file]);
        },
        async delete(key) {
          const row = document.delete.get(key) as { file: string } | undefined;
          if (row) await removeFiles([row.file]);
        },
      },
      options.secrets,
    ),
    async ping() {
      try {
        db.prepare("SELECT 1").get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      clearInterval(sweep);
      if (db.isOpen) db.close();
    },
    removeExpired,
  };
}
