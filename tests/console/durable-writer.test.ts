// Issue 39 on the default store (SQLite): a write the database takes is stored at once; one it
// cannot take (its file locked by another process's write) answers anyway, waits in the spool and
// reaches the database — in order, each record once — when the lock ends, also after a restart; a
// record the database refuses is given up after a few tries, logged in full, not retried for ever.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import type { DurableStore } from "~/records/durable-store";
import type { DurableRecord, SpooledRecord } from "~/records/durable-writes";
import { createSqliteRecords } from "../../server/records/records-store";
import { createDurableWriter, type DurableWriter } from "../../server/records/spool/durable-writer";
import pg from "pg";
import { freePort } from "../../e2e/support/own-console";
import { isRefusal, spooledKinds } from "../../server/records/spool/kinds";
import { openRecordsSpool, type SpoolDropReason } from "../../server/records/spool/records-spool";
import { renameRecord } from "../support/rename-records";

const cleanUps: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

function newDirectory() {
  const directory = mkdtempSync(join(tmpdir(), "durable-writer-"));
  cleanUps.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

function openRecords(directory: string) {
  // A short busy timeout: a locked file fails a write in 50 ms instead of 5 s.
  const records = createSqliteRecords(join(directory, "records.sqlite"), { busyTimeoutMs: 50 });
  cleanUps.push(() => records.close());
  return records;
}

interface Heard {
  spooled: Array<{ key: string; outageBegins: boolean }>;
  replayed: string[];
  drained: number[];
  adopted: number[];
  lost: unknown[];
  failed: unknown[];
  dropped: Array<{ count: number; reason: SpoolDropReason; detail: Record<string, unknown> }>;
}

function startWriter(directory: string, records: DurableStore, options: { firstTryMs?: number } = {}) {
  const heard: Heard = { spooled: [], replayed: [], drained: [], adopted: [], lost: [], failed: [], dropped: [] };
  const spool = openRecordsSpool({
    directory: join(directory, "spool"),
    kinds: spooledKinds,
    maxBytes: 1024 * 1024,
    onDropped: (count, reason, detail) => heard.dropped.push({ count, reason, detail }),
  });
  const writer: DurableWriter = createDurableWriter({
    records,
    spool,
    firstTryMs: options.firstTryMs,
    retryAtMostEveryMs: 200,
    report: {
      spooled: (record: SpooledRecord, outageBegins) => heard.spooled.push({ key: record.key, outageBegins }),
      replayed: (record) => heard.replayed.push(record.key),
      drained: (count) => heard.drained.push(count),
      adopted: (count) => heard.adopted.push(count),
      lost: (_record, error) => heard.lost.push(error),
      failed: (error) => heard.failed.push(error),
    },
  });
  writer.start();
  cleanUps.push(() => writer.stop());
  return { writer, heard };
}

const rename = (index: number, overrides: Partial<{ time: string }> = {}): DurableRecord => ({
  kind: "audit",
  record: renameRecord(index, overrides),
});

/** The stored records' request ids, oldest first. */
async function storedRequestIds(records: DurableStore) {
  const { rows } = await records.auditLog.query({}, { skip: 0, take: 100 });
  return rows.map((row) => row.requestId).reverse();
}

/** Another process's write transaction on the records file, until `end()`. */
function lockRecordsFile(directory: string) {
  const holder = new DatabaseSync(join(directory, "records.sqlite"));
  holder.exec("BEGIN EXCLUSIVE");
  return { end: () => (holder.exec("ROLLBACK"), holder.close()) };
}

describe("durable writes on SQLite", () => {
  it("stores a record at once while the database takes it: nothing waits", async () => {
    const directory = newDirectory();
    const records = openRecords(directory);
    const { writer, heard } = startWriter(directory, records);
    await writer.write(rename(1));
    expect(await storedRequestIds(records)).toEqual(["request-1"]);
    expect(writer.state().length).toBe(0);
    expect(heard.spooled).toEqual([]);
  });

  it("spools while the file is locked, answers at once, and writes the spool in order when the lock ends", async () => {
    const directory = newDirectory();
    const records = openRecords(directory);
    const { writer, heard } = startWriter(directory, records);
    await writer.write(rename(1));

    const lock = lockRecordsFile(directory);
    for (let index = 2; index <= 5; index += 1) await writer.write(rename(index));
    expect(writer.state()).toMatchObject({ length: 4, oldestAt: expect.any(String) });
    expect(await writer.waitingAuditRecords()).toBe(4);
    // The first one found the database locked; the others followed it into the spool.
    expect(heard.spooled.map((each) => each.outageBegins)).toEqual([true, false, false, false]);

    lock.end();
    await expect.poll(() => writer.state().length).toBe(0);
    await writer.write(rename(6));
    expect(await storedRequestIds(records)).toEqual([1, 2, 3, 4, 5, 6].map((index) => `request-${index}`));
    await expect.poll(() => heard.drained).toEqual([4]);
    expect(await writer.waitingAuditRecords()).toBe(0);
    expect(heard.failed).toEqual([]);
  });

  it("stores a record once when its first try was only late and the spool writes it again", async () => {
    const directory = newDirectory();
    const records = openRecords(directory);
    let arrived = 0;
    let stored = 0;
    // A database that takes the first write, but only after the writer stopped waiting.
    const slow: DurableStore = {
      ...records,
      auditLog: {
        ...records.auditLog,
        append: async (record) => {
          if (arrived++ === 0) await new Promise((resolve) => setTimeout(resolve, 300));
          const appended = await records.auditLog.append(record);
          stored += 1;
          return appended;
        },
      },
    };
    const { writer, heard } = startWriter(directory, slow, { firstTryMs: 50 });
    await writer.write(rename(1));
    expect(heard.spooled).toHaveLength(1);
    await expect.poll(() => heard.replayed).toHaveLength(1);
    // Both writes of it arrived, the late first one and the replay's.
    await expect.poll(() => stored).toBe(2);
    expect(await storedRequestIds(records)).toEqual(["request-1"]);
  });

  it("writes what a process spooled before it stopped once a new one starts and the database answers", async () => {
    const directory = newDirectory();
    const records = openRecords(directory);
    const first = startWriter(directory, records);
    const lock = lockRecordsFile(directory);
    await first.writer.write(rename(1));
    await first.writer.write(rename(2));
    await first.writer.stop();

    const second = startWriter(directory, records);
    await expect.poll(() => second.heard.adopted).toEqual([2]);
    expect(second.writer.state().length).toBe(2);
    lock.end();
    await expect.poll(() => second.writer.state().length).toBe(0);
    expect(await storedRequestIds(records)).toEqual(["request-1", "request-2"]);
  });

  it("gives up a record the database refuses — at once, or after three tries from the spool — logging it in full", async () => {
    const directory = newDirectory();
    const records = openRecords(directory);
    let firstTry = true;
    // Away at the first try of request-2; once back, it refuses that record (a value too long).
    const refusing: DurableStore = {
      ...records,
      auditLog: {
        ...records.auditLog,
        append: async (record) => {
          if (record.requestId !== "request-2") return records.auditLog.append(record);
          const away = firstTry;
          firstTry = false;
          throw Object.assign(new Error(away ? "connect ECONNREFUSED" : "value too long"), {
            code: away ? "ECONNREFUSED" : "22001",
          });
        },
      },
    };
    const { writer, heard } = startWriter(directory, refusing);
    await writer.write(rename(1, { time: "not a time" }));
    expect(heard.lost).toHaveLength(1);
    expect(heard.spooled).toEqual([]);

    await writer.write(rename(2));
    await writer.write(rename(3));
    await expect.poll(() => writer.state().length).toBe(0);
    expect(heard.dropped).toEqual([
      {
        count: 1,
        reason: "refused",
        detail: expect.objectContaining({
          record: expect.objectContaining({ record: expect.objectContaining({ requestId: "request-2" }) }),
        }),
      },
    ]);
    expect(await storedRequestIds(records)).toEqual(["request-3"]);
  });

  it("says a record is lost only when the spool cannot take it either", async () => {
    const directory = newDirectory();
    const records = openRecords(directory);
    const { writer, heard } = startWriter(directory, records);
    const lock = lockRecordsFile(directory);
    await writer.stop();
    await writer.write(rename(1));
    lock.end();
    expect(heard.lost).toHaveLength(1);
    expect(await storedRequestIds(records)).toEqual([]);
  });
});

describe("which failures refuse the record rather than say the database does not answer", () => {
  const thrown = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      return error;
    }
    throw new Error("nothing was thrown");
  };

  it("gives up on a constraint or a value the database refuses", () => {
    const database = new DatabaseSync(":memory:");
    database.exec("CREATE TABLE t (x TEXT NOT NULL UNIQUE); INSERT INTO t VALUES ('a')");
    expect(isRefusal(thrown(() => database.exec("INSERT INTO t VALUES ('a')")))).toBe(true);
    expect(isRefusal(thrown(() => database.exec("INSERT INTO t VALUES (NULL)")))).toBe(true);
    expect(isRefusal(Object.assign(new Error("unsupported Unicode escape sequence"), { code: "22P05" }))).toBe(true);
    expect(isRefusal(new RangeError("An audit record's time is not a time"))).toBe(true);
  });

  it("tries again while the database is away, locked or full", async () => {
    const directory = newDirectory();
    const file = join(directory, "locked.sqlite");
    const holder = new DatabaseSync(file);
    holder.exec("CREATE TABLE t (x); BEGIN EXCLUSIVE");
    const writer = new DatabaseSync(file, { timeout: 0 });
    expect(isRefusal(thrown(() => writer.exec("INSERT INTO t VALUES (1)")))).toBe(false);
    holder.exec("ROLLBACK");
    const refused = await new pg.Client({ port: await freePort(), host: "127.0.0.1" })
      .connect()
      .catch((error) => error);
    expect(isRefusal(refused)).toBe(false);
    expect(
      isRefusal(Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" })),
    ).toBe(false);
  });
});
