// The spool file of issue 39: records appended one a line and read back in order, a file removed
// once all its records are stored, the bound keeping the newest, a line torn by a crash left out,
// and the files of an ended process — a real one, killed — taken over under its lock, once.
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { NewAuditRecord } from "~/records/audit-log";
import type { SpooledRecord } from "~/records/durable-writes";
import { spooledKinds, spooledRecordOf } from "../../server/records/spool/kinds";
import {
  openRecordsSpool,
  type RecordsSpool,
  type RecordsSpoolOptions,
  type SpoolDropReason,
} from "../../server/records/spool/records-spool";
import { segmentName, spoolLine } from "../../server/records/spool/spool-files";
import { countWaitingAuditRecords, spooledAuditLog } from "../../server/records/spool/spooled-audit";
import { renameRecord } from "../support/rename-records";

const directories: string[] = [];
const spools: RecordsSpool[] = [];

afterEach(async () => {
  for (const spool of spools.splice(0)) await spool.close();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function newDirectory() {
  const directory = mkdtempSync(join(tmpdir(), "records-spool-"));
  directories.push(directory);
  return join(directory, "spool");
}

function auditRecord(index: number, overrides: Partial<NewAuditRecord> = {}): SpooledRecord {
  const record = renameRecord(index, { id: `record-${index}`, ...overrides });
  return spooledRecordOf({ kind: "audit", record }, new Date(record.time));
}

function open(directory: string, options: Partial<RecordsSpoolOptions> = {}) {
  const dropped: Array<{ count: number; reason: SpoolDropReason; detail: Record<string, unknown> }> = [];
  const spool = openRecordsSpool({
    directory,
    kinds: spooledKinds,
    maxBytes: 1024 * 1024,
    onDropped: (count, reason, detail) => dropped.push({ count, reason, detail }),
    ...options,
  });
  spools.push(spool);
  return { spool, dropped };
}

/** Every waiting record's key, in the order the replay gets them (storing each). */
async function replayAll(spool: RecordsSpool): Promise<string[]> {
  const keys: string[] = [];
  for (let record = await spool.peek(); record; record = await spool.peek()) {
    keys.push(record.key);
    await spool.shift(record);
  }
  return keys;
}

const spoolFiles = (directory: string) => readdirSync(directory).filter((name) => name.endsWith(".jsonl"));

describe("the records spool", () => {
  it("keeps each record as one line on disk and gives them back in the order appended", async () => {
    const directory = newDirectory();
    const { spool } = open(directory, { segmentBytes: 1500 });
    for (let index = 1; index <= 8; index += 1) await spool.append(auditRecord(index));

    // Several files (about three records each), every line a whole record.
    const files = spoolFiles(directory);
    expect(files.length).toBeGreaterThan(1);
    const lines = files.flatMap((file) => readFileSync(join(directory, file), "utf8").split("\n").filter(Boolean));
    expect(lines.map((line) => (JSON.parse(line) as SpooledRecord).key)).toEqual(
      Array.from({ length: 8 }, (_, index) => `record-${index + 1}`),
    );
    expect(spool.state()).toMatchObject({ length: 8, oldestAt: auditRecord(1).at });

    expect(await replayAll(spool)).toEqual(lines.map((line) => (JSON.parse(line) as SpooledRecord).key));
    expect(spool.state()).toEqual({ length: 0, oldestAt: null, bytes: 0 });
    expect(spoolFiles(directory)).toEqual([]);
  });

  it("goes on from the record not yet stored, and takes records appended during the replay after the others", async () => {
    const directory = newDirectory();
    const { spool } = open(directory, { segmentBytes: 1500 });
    for (let index = 1; index <= 4; index += 1) await spool.append(auditRecord(index));
    const first = await spool.peek();
    // Not stored (the database went away again): the same record comes next time.
    expect((await spool.peek())?.key).toBe(first?.key);
    await spool.shift(first!);
    expect(spool.state()).toMatchObject({ length: 3, oldestAt: auditRecord(2).at });
    await spool.append(auditRecord(5));
    expect(await replayAll(spool)).toEqual(["record-2", "record-3", "record-4", "record-5"]);
  });

  it("keeps the newest records within its bound, dropping the oldest files and counting their records", async () => {
    const directory = newDirectory();
    const size = Buffer.byteLength(spoolLine(auditRecord(10)));
    // Files of two records, room for about three files.
    const { spool, dropped } = open(directory, { maxBytes: size * 6 + 10, segmentBytes: size * 2 + 5 });
    for (let index = 10; index < 30; index += 1) await spool.append(auditRecord(index));

    const kept = spool.state().length;
    expect(kept).toBeGreaterThanOrEqual(5);
    expect(kept).toBeLessThanOrEqual(7);
    expect(dropped.every((drop) => drop.reason === "bound")).toBe(true);
    expect(dropped.reduce((sum, drop) => sum + drop.count, 0)).toBe(20 - kept);
    expect(spool.state().bytes).toBeLessThanOrEqual(size * 7 + 10);
    const keys = await replayAll(spool);
    expect(keys).toEqual(Array.from({ length: kept }, (_, index) => `record-${30 - kept + index}`));
  });

  it("leaves out a last line a crash cut off, and a line that is no record, reporting both", async () => {
    const directory = newDirectory();
    const { spool: first } = open(directory);
    await first.append(auditRecord(1));
    await first.append(auditRecord(2));
    // The process dies while writing its third record: half a line, no newline.
    const [file] = spoolFiles(directory);
    const third = spoolLine(auditRecord(3));
    appendFileSync(join(directory, file!), "not a record\n" + third.slice(0, third.length / 2));
    await first.close();

    const { spool: next, dropped } = open(directory);
    expect(await next.adoptOrphans()).toBe(2);
    expect(dropped).toEqual([
      expect.objectContaining({
        count: 2,
        reason: "unreadable",
        detail: expect.objectContaining({ lines: expect.any(Array) }),
      }),
    ]);
    expect(await replayAll(next)).toEqual(["record-1", "record-2"]);
  });

  it("takes over the files of a process that ended, not those of one that runs, oldest records first", async () => {
    const directory = newDirectory();
    const { spool: running } = open(directory);
    await running.append(auditRecord(20));
    const { spool: ended } = open(directory);
    await ended.append(auditRecord(1));
    await ended.append(auditRecord(2));
    await ended.close();

    const { spool: taker } = open(directory);
    await taker.append(auditRecord(10));
    expect(await taker.adoptOrphans()).toBe(2);
    // Taken over once: nothing left for a second look, nor for another process.
    expect(await taker.adoptOrphans()).toBe(0);
    const { spool: other } = open(directory);
    expect(await other.adoptOrphans()).toBe(0);
    expect(taker.state().length).toBe(3);
    expect(await replayAll(taker)).toEqual(["record-1", "record-2", "record-10"]);
    expect(await replayAll(running)).toEqual(["record-20"]);
  });

  it("takes over the spool of a process killed with SIGKILL, which it could not while the process ran", async () => {
    const directory = newDirectory();
    const script = `
      import { openRecordsSpool } from "./server/records/spool/records-spool.ts";
      import { spooledKinds, spooledRecordOf } from "./server/records/spool/kinds.ts";
      const spool = openRecordsSpool({ directory: process.argv.at(-1), kinds: spooledKinds, maxBytes: 1 << 20 });
      for (const index of [1, 2, 3]) {
        await spool.append(spooledRecordOf({ kind: "audit", record: { id: "killed-" + index, time: new Date().toISOString(),
          requestId: "r", user: null, action: "signIn", target: { kind: "session" }, changes: [], outcome: { kind: "done" } } }, new Date()));
      }
      process.stdout.write("appended\\n");
      // The spool stays reachable while the process runs: a collected lock would end it (the lock's
      // database closes when collected), and this process would look ended.
      setInterval(() => spool.state(), 1000);
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, "--", directory], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("appended") && resolve());
        child.once("exit", (code) => reject(new Error(`the spooling process exited with ${code}`)));
      });
      const { spool } = open(directory);
      expect(await spool.adoptOrphans()).toBe(0);

      child.kill("SIGKILL");
      await exited;
      expect(await spool.adoptOrphans()).toBe(3);
      expect(await replayAll(spool)).toEqual(["killed-1", "killed-2", "killed-3"]);
      // The ended owner's lock file went with its records.
      expect(readdirSync(directory).filter((name) => !name.startsWith(spool.ownerId))).toEqual([]);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("removes an ended process's lock file that no records came with, and a lock never moved into place", async () => {
    const directory = newDirectory();
    const { spool } = open(directory);
    writeFileSync(join(directory, "host-1-0badc0de.lock"), "");
    writeFileSync(join(directory, "host-2-0badc0de.lock-new"), "");
    writeFileSync(join(directory, segmentName("host-3-0badc0de", 1)), "");
    expect(await spool.adoptOrphans()).toBe(0);
    expect(readdirSync(directory).filter((name) => !name.startsWith(spool.ownerId))).toEqual([]);
  });

  it("reads the audit records waiting in every process's files as a log: counted, filtered, newest first, paged", async () => {
    const directory = newDirectory();
    const { spool: one } = open(directory);
    const { spool: other } = open(directory);
    const bob = { id: "subject-bob", name: "Bob", role: "Owner" };
    for (const index of [1, 3, 5]) await one.append(auditRecord(index));
    for (const index of [2, 4]) await other.append(auditRecord(index, { user: bob, action: "station.reboot" }));
    // A line a crash cut off is not waiting: it is lost.
    const [file] = spoolFiles(directory);
    appendFileSync(join(directory, file!), spoolLine(auditRecord(6)).slice(0, 40));

    expect(await countWaitingAuditRecords(directory)).toBe(5);
    const log = spooledAuditLog(directory);
    const page = await log.query({}, { skip: 1, take: 2 });
    expect(page.total).toBe(5);
    expect(page.rows.map((row) => row.id)).toEqual(["record-4", "record-3"]);
    expect(page.rows[0]).toMatchObject({ requestId: "request-4", user: bob, action: "station.reboot" });
    const bobs = await log.query({ userId: bob.id }, { skip: 0, take: 10 });
    expect(bobs.rows.map((row) => row.id)).toEqual(["record-4", "record-2"]);
    expect(await log.distinctActions()).toEqual(["station.reboot", "station.rename"]);
    expect((await log.distinctUsers()).map((user) => user.id)).toEqual(["subject-ada", "subject-bob"]);

    expect(await replayAll(one)).toHaveLength(3);
    expect(await countWaitingAuditRecords(directory)).toBe(2);
  });
});
