// AUDIT_RETENTION_DAYS at work: the scheduler every console process starts removes old audit
// records when its instance wins the day's claim, and only then; a failure is logged, not thrown.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DurableStore } from "~/records/durable-store";
import { scheduleRetention } from "../../server/records/retention";
import { createSqliteRecords } from "../../server/records/records-store";

const directory = mkdtempSync(join(tmpdir(), "audit-retention-"));
const stores: DurableStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(directory, { recursive: true, force: true });
});

function open(name: string) {
  const store = createSqliteRecords(join(directory, name, "records.sqlite"));
  stores.push(store);
  return store;
}

function logger() {
  const lines: Array<{ level: "info" | "error"; fields: object; message: string }> = [];
  return {
    lines,
    info: (fields: object, message: string) => lines.push({ level: "info", fields, message }),
    error: (fields: object, message: string) => lines.push({ level: "error", fields, message }),
  };
}

const entry = (time: string) => ({
  time,
  requestId: `request-${time}`,
  user: null,
  action: "signInRefused",
  target: { kind: null },
  changes: [],
  outcome: { kind: "refused" as const, reason: "validation" },
});

describe("the retention scheduler", () => {
  it("removes what is past the retention days at start, once a day across two processes' stores", async () => {
    const [first, second] = [open("shared"), open("shared")];
    const now = new Date("2025-06-10T03:00:00.000Z");
    await first.auditLog.append(entry("2025-05-01T00:00:00.000Z"));
    await first.auditLog.append(entry("2025-06-09T00:00:00.000Z"));
    const [firstLog, secondLog] = [logger(), logger()];

    const firstRun = scheduleRetention(first, 30, firstLog, { now: () => now });
    const secondRun = scheduleRetention(second, 30, secondLog, { now: () => now });
    await Promise.all([firstRun.firstCheck, secondRun.firstCheck]);
    firstRun.stop();
    secondRun.stop();

    const removals = [...firstLog.lines, ...secondLog.lines];
    expect(removals).toEqual([
      {
        level: "info",
        fields: { removed: 1, retentionDays: 30 },
        message: "Removed audit records past their retention",
      },
    ]);
    expect((await second.auditLog.query({}, { skip: 0, take: 10 })).rows.map((row) => row.time)).toEqual([
      "2025-06-09T00:00:00.000Z",
    ]);
  });

  it("checks again on its timer, and logs a failure instead of throwing", async () => {
    const store = open("failing");
    let calls = 0;
    const failing: DurableStore = {
      ...store,
      async retentionDue() {
        calls += 1;
        throw new Error("database away");
      },
    };
    const log = logger();
    const run = scheduleRetention(failing, 30, log, { everyMs: 10 });
    await run.firstCheck;
    await expect.poll(() => calls).toBeGreaterThanOrEqual(3);
    run.stop();
    expect(log.lines[0]).toMatchObject({
      level: "error",
      message: "Could not remove old audit records; trying again within the hour",
    });
  });
});
