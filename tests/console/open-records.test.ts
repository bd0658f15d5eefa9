// Which durable store the configuration opens: the SQLite file in the data directory, or
// PostgreSQL when DATABASE_URL is set (opened without waiting for the database).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { freePort } from "../../e2e/support/own-console";
import { openDurableStore, recordsFile } from "../../server/records/open-records";

const directory = mkdtempSync(join(tmpdir(), "open-records-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("openDurableStore", () => {
  it("opens records.sqlite in the data directory without DATABASE_URL", async () => {
    const store = await openDurableStore(parseConfig({ DATA_DIRECTORY: directory }));
    try {
      expect(store.kind).toBe("sqlite");
      expect(recordsFile(directory)).toBe(join(directory, "console", "records.sqlite"));
      expect(existsSync(recordsFile(directory))).toBe(true);
      expect(await store.ping()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("opens PostgreSQL with DATABASE_URL, even while nothing answers there", async () => {
    const url = `postgres://console@127.0.0.1:${await freePort()}/console`;
    const store = await openDurableStore(parseConfig({ DATABASE_URL: url, DATA_DIRECTORY: directory }), {
      connectTimeoutMs: 1000,
    });
    try {
      expect(store.kind).toBe("postgres");
      expect(await store.ping()).toBe(false);
    } finally {
      await store.close();
    }
  });
});
