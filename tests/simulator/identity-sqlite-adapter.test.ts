import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteAdapterStore, type SqliteAdapterStore } from "../../simulator/identity/sqlite-adapter";

describe("oidc-provider adapter on node:sqlite", () => {
  let directory: string;
  let file: string;
  let store: SqliteAdapterStore;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "identity-adapter-"));
    file = join(directory, "identity.sqlite");
    store = openSqliteAdapterStore(file);
  });
  afterEach(async () => {
    store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const rowCount = () => {
    const database = new DatabaseSync(file, { readOnly: true });
    try {
      return Number((database.prepare("SELECT count(*) AS count FROM oidc_payloads").get() as { count: number }).count);
    } finally {
      database.close();
    }
  };

  it("stores, finds, consumes and destroys payloads per model", async () => {
    const refreshTokens = store.adapterFor("RefreshToken");
    const accessTokens = store.adapterFor("AccessToken");
    await refreshTokens.upsert("token-1", { jti: "token-1", grantId: "grant-1", kind: "RefreshToken" }, 60);

    expect(await refreshTokens.find("token-1")).toEqual({ jti: "token-1", grantId: "grant-1", kind: "RefreshToken" });
    expect(await accessTokens.find("token-1")).toBeUndefined();

    await refreshTokens.consume("token-1");
    expect((await refreshTokens.find("token-1"))?.consumed).toEqual(expect.any(Number));

    await refreshTokens.destroy("token-1");
    expect(await refreshTokens.find("token-1")).toBeUndefined();
  });

  it("finds sessions by uid and revokes every token of a grant", async () => {
    const sessions = store.adapterFor("Session");
    const accessTokens = store.adapterFor("AccessToken");
    await sessions.upsert("session-1", { jti: "session-1", uid: "uid-1", kind: "Session" }, 60);
    await accessTokens.upsert("a", { jti: "a", grantId: "grant-1", kind: "AccessToken" }, 60);
    await accessTokens.upsert("b", { jti: "b", grantId: "grant-2", kind: "AccessToken" }, 60);

    expect((await sessions.findByUid("uid-1"))?.jti).toBe("session-1");
    await accessTokens.revokeByGrantId("grant-1");
    expect(await accessTokens.find("a")).toBeUndefined();
    expect((await accessTokens.find("b"))?.jti).toBe("b");
  });

  it("hides expired payloads and deletes them when swept", async () => {
    const grants = store.adapterFor("Grant");
    await grants.upsert("expired", { jti: "expired", kind: "Grant" }, -1);
    await grants.upsert("current", { jti: "current", kind: "Grant" }, 60);
    await grants.upsert("forever", { jti: "forever", kind: "Grant" });

    expect(await grants.find("expired")).toBeUndefined();
    expect(rowCount()).toBe(3);
    store.deleteExpired();
    expect(rowCount()).toBe(2);
    expect((await grants.find("forever"))?.jti).toBe("forever");
  });

  it("keeps payloads across a reopen", async () => {
    await store.adapterFor("RefreshToken").upsert("kept", { jti: "kept", kind: "RefreshToken" }, 60);
    store.close();
    store = openSqliteAdapterStore(file);
    expect((await store.adapterFor("RefreshToken").find("kept"))?.jti).toBe("kept");
  });
});
