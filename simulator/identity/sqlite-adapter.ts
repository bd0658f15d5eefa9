import type { Adapter, AdapterPayload } from "oidc-provider";
import { openPrivateDatabase } from "../../lib/private-files";

export interface SqliteAdapterStore {
  /** The factory oidc-provider calls once per model name. */
  adapterFor(model: string): Adapter;
  deleteExpired(): void;
  close(): void;
}

const sweepIntervalMs = 10 * 60 * 1000;

/**
 * The provider's state (grants, refresh tokens, sessions, interactions) in one SQLite table,
 * so a restart of the simulator does not sign everybody out.
 */
export function openSqliteAdapterStore(file: string): SqliteAdapterStore {
  // Refresh tokens and grants: owner-only, like the console's sessions.
  const database = openPrivateDatabase(file);
  database.exec(`
    PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS oidc_payloads (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload TEXT NOT NULL,
      grant_id TEXT,
      user_code TEXT,
      uid TEXT,
      expires_at INTEGER,
      consumed_at INTEGER,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX IF NOT EXISTS oidc_payloads_grant_id ON oidc_payloads (model, grant_id);
    CREATE INDEX IF NOT EXISTS oidc_payloads_uid ON oidc_payloads (model, uid);
    CREATE INDEX IF NOT EXISTS oidc_payloads_user_code ON oidc_payloads (model, user_code);
    CREATE INDEX IF NOT EXISTS oidc_payloads_expires_at ON oidc_payloads (expires_at);
  `);

  const statements = {
    upsert: database.prepare(`
      INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
      ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
        user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at, consumed_at = NULL`),
    findById: database.prepare(
      "SELECT payload, consumed_at FROM oidc_payloads WHERE model = ? AND id = ? AND (expires_at IS NULL OR expires_at > ?)",
    ),
    findByUid: database.prepare(
      "SELECT payload, consumed_at FROM oidc_payloads WHERE model = ? AND uid = ? AND (expires_at IS NULL OR expires_at > ?)",
    ),
    findByUserCode: database.prepare(
      "SELECT payload, consumed_at FROM oidc_payloads WHERE model = ? AND user_code = ? AND (expires_at IS NULL OR expires_at > ?)",
    ),
    consume: database.prepare("UPDATE oidc_payloads SET consumed_at = ? WHERE model = ? AND id = ?"),
    destroy: database.prepare("DELETE FROM oidc_payloads WHERE model = ? AND id = ?"),
    revokeByGrantId: database.prepare("DELETE FROM oidc_payloads WHERE model = ? AND grant_id = ?"),
    deleteExpired: database.prepare("DELETE FROM oidc_payloads WHERE expires_at IS NOT NULL AND expires_at <= ?"),
  };

  const toPayload = (row: Record<string, unknown> | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    const payload = JSON.parse(String(row.payload)) as AdapterPayload;
    return typeof row.consumed_at === "number" ? { ...payload, consumed: row.consumed_at } : payload;
  };

  const deleteExpired = () => {
    statements.deleteExpired.run(Date.now());
  };
  deleteExpired();
  const sweeper = setInterval(deleteExpired, sweepIntervalMs);
  sweeper.unref();

  return {
    adapterFor(model) {
      return {
        async upsert(id, payload, expiresIn) {
          const expiresAt = typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : null;
          statements.upsert.run(
            model,
            id,
            JSON.stringify(payload),
            payload.grantId ?? null,
            payload.userCode ?? null,
            payload.uid ?? null,
            expiresAt,
          );
        },
        async find(id) {
          return toPayload(statements.findById.get(model, id, Date.now()));
        },
        async findByUid(uid) {
          return toPayload(statements.findByUid.get(model, uid, Date.now()));
        },
        async findByUserCode(userCode) {
          return toPayload(statements.findByUserCode.get(model, userCode, Date.now()));
        },
        async consume(id) {
          statements.consume.run(Math.floor(Date.now() / 1000), model, id);
        },
        async destroy(id) {
          statements.destroy.run(model, id);
        },
        async revokeByGrantId(grantId) {
          statements.revokeByGrantId.run(model, grantId);
        },
      };
    },
    deleteExpired,
    close() {
      clearInterval(sweeper);
      database.close();
    },
  };
}
