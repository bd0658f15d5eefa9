// Secrets at rest: the session store keeps no readable token, rotates with SESSION_SECRET, and
// the data directory and its files are the console user's only.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { loadOrCreateCookieKeys } from "../../simulator/identity/keys";
import { openSqliteAdapterStore } from "../../simulator/identity/sqlite-adapter";
import { openDatabase } from "../../simulator/store/database";
import { sessionSecretsFor } from "../../server/session-secrets";
import { createSqliteStore } from "../../server/store/sqlite-store";

const accessToken = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.access-signature";
const refreshToken = "refresh-token-of-ada";
const data = {
  user: { name: "Ada Lovelace" },
  tokens: { accessToken, refreshToken, idToken: "id-token-of-ada", expiresAt: 1, refreshedAt: 1 },
};
const inAnHour = () => new Date(Date.now() + 3_600_000);
const oldSecret = "o".repeat(40);
const newSecret = "n".repeat(40);

function freshDirectory() {
  return mkdtempSync(join(tmpdir(), "secrets-at-rest-"));
}

/** Every byte SQLite keeps for the database: the file, its write-ahead log and shared memory. */
function bytesOnDisk(file: string) {
  return ["", "-wal", "-shm"]
    .map((suffix) => (existsSync(file + suffix) ? readFileSync(file + suffix).toString("latin1") : ""))
    .join("");
}

/** The sessions of the SQLite shared store in `file`. */
const sqliteSessions = (file: string, secrets: string[]) => createSqliteStore(file, { secrets }).sessions;

const mode = (path: string) => statSync(path).mode & 0o777;

describe("the session store at rest", () => {
  it("holds no readable token: rows are sealed, and neither the file nor its log contains one", async () => {
    const file = join(freshDirectory(), "console", "sessions.sqlite");
    const store = sqliteSessions(file, [newSecret]);
    await store.create("session-a", data, inAnHour());
    await store.update("session-a", { ...data, returnTo: "/stations" }, inAnHour());

    const rows = new DatabaseSync(file).prepare("SELECT id, data FROM sessions").all() as {
      id: string;
      data: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatch(/^v1\./);
    for (const secret of [accessToken, refreshToken, "id-token-of-ada", "accessToken", "Ada Lovelace"]) {
      expect(rows[0]!.data).not.toContain(secret);
      expect(bytesOnDisk(file)).not.toContain(secret);
    }
    expect(await store.read("session-a")).toEqual({ ...data, returnTo: "/stations" });
  });

  it("seals rows an earlier version wrote in the clear, and wipes their old bytes", async () => {
    const file = join(freshDirectory(), "sessions.sqlite");
    const plain = new DatabaseSync(file);
    plain.exec(
      "PRAGMA journal_mode = WAL; CREATE TABLE sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at INTEGER NOT NULL)",
    );
    plain
      .prepare("INSERT INTO sessions VALUES (?, ?, ?)")
      .run("old-session", JSON.stringify(data), inAnHour().getTime());
    plain.close();

    const store = sqliteSessions(file, [newSecret]);
    expect(await store.read("old-session")).toEqual(data);
    expect(bytesOnDisk(file)).not.toContain(refreshToken);
  });

  it("rotates with the session secret: sealed with the newest, opened with any listed", async () => {
    const file = join(freshDirectory(), "sessions.sqlite");
    await sqliteSessions(file, [oldSecret]).create("session-b", data, inAnHour());

    // SESSION_SECRET="new,old": the old row still opens, and moves to the new key on reading.
    expect(await sqliteSessions(file, [newSecret, oldSecret]).read("session-b")).toEqual(data);
    // Once the old secret is dropped, the session read meanwhile is still there.
    expect(await sqliteSessions(file, [newSecret]).read("session-b")).toEqual(data);
    // A store that knows none of the keys cannot open it.
    expect(await sqliteSessions(file, ["x".repeat(40)]).read("session-b")).toBeNull();
  });

  it("does not open a row copied under another session id, or one altered", async () => {
    const file = join(freshDirectory(), "sessions.sqlite");
    const store = sqliteSessions(file, [newSecret]);
    await store.create("victim", data, inAnHour());
    const raw = new DatabaseSync(file);
    const sealed = (raw.prepare("SELECT data FROM sessions WHERE id = 'victim'").get() as { data: string }).data;
    raw.prepare("INSERT INTO sessions VALUES ('attacker', ?, ?)").run(sealed, inAnHour().getTime());
    const altered = sealed.slice(0, -4) + (sealed.endsWith("AAAA") ? "BBBB" : "AAAA");
    raw.prepare("INSERT INTO sessions VALUES ('altered', ?, ?)").run(altered, inAnHour().getTime());
    expect(await store.read("attacker")).toBeNull();
    expect(await store.read("altered")).toBeNull();
    expect(await store.read("victim")).toEqual(data);
  });
});

describe("the data directory", () => {
  it("is created owner-only: 0700 directories, 0600 database, log and shared-memory files", async () => {
    const dataDirectory = join(freshDirectory(), "data");
    const previous = process.umask(0o022);
    try {
      const file = join(dataDirectory, "console", "sessions.sqlite");
      await sqliteSessions(file, sessionSecretsFor(null, dataDirectory)).create("s", data, inAnHour());
      expect(mode(dataDirectory)).toBe(0o700);
      expect(mode(join(dataDirectory, "console"))).toBe(0o700);
      expect(mode(join(dataDirectory, "console", "session-secret"))).toBe(0o600);
      for (const suffix of ["", "-wal", "-shm"]) expect(mode(file + suffix), suffix || "database").toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("tightens what an earlier version left readable to others", () => {
    const directory = join(freshDirectory(), "console");
    mkdirSync(directory, { mode: 0o755 });
    const file = join(directory, "sessions.sqlite");
    const old = new DatabaseSync(file);
    old.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x)");
    old.close();
    chmodSync(file, 0o644);
    sqliteSessions(file, [newSecret]);
    expect(mode(directory)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it("keeps the simulator's keys, tokens and Manager data owner-only too", () => {
    const simulatorDirectory = join(freshDirectory(), "simulator");
    const previous = process.umask(0o022);
    try {
      openDatabase(simulatorDirectory).exec("CREATE TABLE IF NOT EXISTS probe (x)");
      openSqliteAdapterStore(join(simulatorDirectory, "identity.sqlite")).close();
      loadOrCreateCookieKeys(simulatorDirectory);
      expect(mode(simulatorDirectory)).toBe(0o700);
      for (const file of [
        "manager.sqlite",
        "manager.sqlite-wal",
        "manager.sqlite-shm",
        "identity.sqlite",
        "cookie-keys.json",
      ]) {
        expect(mode(join(simulatorDirectory, file)), file).toBe(0o600);
      }
    } finally {
      process.umask(previous);
    }
  });
});
