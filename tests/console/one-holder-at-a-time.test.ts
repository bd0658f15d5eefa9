// Next speaker runs under a lock of the shared store: two workers of one host (two connections to
// one SQLite file) never run it for one channel at the same time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LockStore, SharedStore } from "~/store/shared-store.server";
import { oneHolderAtATime } from "~/utils/one-holder-at-a-time.server";
import { createSqliteStore } from "../../server/store/sqlite-store";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const secrets = ["one-holder-test-secret-one-holder-test-secret"];
let directory = "";
let stores: SharedStore[] = [];

function openWorkers() {
  directory = mkdtempSync(join(tmpdir(), "one-holder-"));
  const file = join(directory, "console", "sessions.sqlite");
  stores = [createSqliteStore(file, { secrets }), createSqliteStore(file, { secrets })];
  return stores;
}

afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  rmSync(directory, { recursive: true, force: true });
});

describe("oneHolderAtATime", () => {
  it("lets a second worker's work start only after the first worker's ended", async () => {
    const [first, second] = openWorkers();
    const steps: string[] = [];
    const firstMayEnd = deferred();
    const secondWaits = deferred();
    // The second worker's locks, telling the test once it found the lock taken.
    const watched: LockStore = {
      acquire: async (name, leaseMs) => {
        const token = await second!.locks.acquire(name, leaseMs);
        if (!token) secondWaits.resolve();
        return token;
      },
      renew: (name, token, leaseMs) => second!.locks.renew(name, token, leaseMs),
      release: (name, token) => second!.locks.release(name, token),
    };
    const lease = { leaseMs: 30_000, pollMs: 5 };

    const one = oneHolderAtATime(first!.locks, "next-speaker:MCS-0043/1", lease, async () => {
      steps.push("first starts");
      await firstMayEnd.promise;
      steps.push("first ends");
      return "first";
    });
    const two = oneHolderAtATime(watched, "next-speaker:MCS-0043/1", lease, async () => {
      steps.push("second starts");
      return "second";
    });
    await secondWaits.promise;
    expect(steps).toEqual(["first starts"]);
    firstMayEnd.resolve();
    expect(await Promise.all([one, two])).toEqual(["first", "second"]);
    expect(steps).toEqual(["first starts", "first ends", "second starts"]);
  });

  it("frees the lock when the work fails, and another channel never waits", async () => {
    const [first, second] = openWorkers();
    const lease = { leaseMs: 30_000, pollMs: 5 };
    await expect(
      oneHolderAtATime(first!.locks, "next-speaker:MCS-0043/1", lease, async () => {
        throw new Error("Manager down");
      }),
    ).rejects.toThrow("Manager down");
    expect(await oneHolderAtATime(second!.locks, "next-speaker:MCS-0043/1", lease, async () => "after")).toBe("after");
    const held = deferred();
    const holding = oneHolderAtATime(first!.locks, "next-speaker:MCS-0042/1", lease, () => held.promise);
    expect(await oneHolderAtATime(second!.locks, "next-speaker:MCS-0042/2", lease, async () => "other")).toBe("other");
    held.resolve();
    await holding;
  });
});
