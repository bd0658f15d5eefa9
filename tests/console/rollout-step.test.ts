// The rollout's wave logic (app/rollouts/step.ts) against the real rollout store on a SQLite file,
// a fake Manager whose stations update when told, and a fake clock: wave 0 first, the next wave
// only when every station of the last is Current again, a pause on the first failure or a station
// that does not come back, listeners waiting unless "update now", at most 8 Update calls in
// flight, and Update sent once per station however many steps (or processes) run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { updateStatus } from "~/contract/values";
import type { DurableStore } from "~/records/durable-store";
import { assignWaves, type RolloutOptions } from "~/records/rollouts";
import { stepRollout, type RolloutManager, type StepDependencies } from "~/rollouts/step";
import type { StationFirmware } from "~/rollouts/waves";
import { createSqliteRecords } from "../../server/records/records-store";

const ada = { id: "ada", name: "Ada Admin", role: "Admin" };
const minute = 60_000;

class FakeManager implements RolloutManager {
  firmwareOf = new Map<string, StationFirmware>();
  listeners = new Map<string, number>();
  updateCalls: string[] = [];
  inFlight = 0;
  mostInFlight = 0;
  refuse = new Set<string>();
  /** Update calls wait for this before answering (to count them in flight). */
  answer: Promise<void> = Promise.resolve();

  constructor(serialNumbers: string[]) {
    for (const serialNumber of serialNumbers) {
      this.firmwareOf.set(serialNumber, { status: updateStatus.Current, currentVersion: "6.2.0" });
      this.listeners.set(serialNumber, 0);
    }
  }
  async firmware() {
    return new Map(this.firmwareOf);
  }
  async stations() {
    return new Map(
      [...this.listeners].map(([serialNumber, listenerCount]) => [serialNumber, { listenerCount, name: null }]),
    );
  }
  async firmwareId(stationType: string | null, version: string | null) {
    return version === "6.10.0" ? `fw-${stationType}-${version}` : null;
  }
  async startUpdate(serialNumber: string) {
    this.updateCalls.push(serialNumber);
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      await this.answer;
      if (this.refuse.has(serialNumber)) throw new Error("refused");
      this.firmwareOf.set(serialNumber, { status: updateStatus.Downloading, currentVersion: "6.2.0" });
    } finally {
      this.inFlight -= 1;
    }
  }
  /** The station's update ends as given (Current on the new version by default). */
  finish(serialNumber: string, status = updateStatus.Current) {
    const version = status === updateStatus.Current ? "6.10.0" : "6.2.0";
    this.firmwareOf.set(serialNumber, { status, currentVersion: version });
  }
}

let directory: string;
let records: DurableStore;
let clock: number;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "rollout-step-"));
  records = createSqliteRecords(join(directory, "records.sqlite"));
  clock = Date.parse("2026-11-26T08:00:00Z");
});

afterEach(async () => {
  await records.close();
  rmSync(directory, { recursive: true, force: true });
});

const serials = (count: number) =>
  Array.from({ length: count }, (_, index) => `MCS-${String(index + 1).padStart(4, "0")}`);

async function startRollout(serialNumbers: string[], options: Partial<RolloutOptions> = {}) {
  const chosen: RolloutOptions = {
    versions: { "2": "6.10.0" },
    firstWaveSize: 1,
    waveSize: 5,
    stationTimeoutMs: 20 * minute,
    updateNow: false,
    eulaAcceptedAt: new Date(clock).toISOString(),
    ...options,
  };
  const rollout = await records.rollouts.create({
    createdBy: ada,
    options: chosen,
    stations: assignWaves(serialNumbers, chosen.firstWaveSize, chosen.waveSize).map(({ station, wave }) => ({
      serialNumber: station,
      wave,
      stationType: "2",
      version: "6.10.0",
    })),
  });
  return rollout.id;
}

function dependencies(manager: FakeManager): StepDependencies & { acts: string[] } {
  const acts: string[] = [];
  return {
    rollouts: records.rollouts,
    manager,
    acts,
    async act(station, run) {
      acts.push(station.serialNumber);
      try {
        await run();
        return { kind: "done" };
      } catch {
        return { kind: "failed", messageKey: "stations:bulk.failures.updateFirmware" };
      }
    },
    now: () => clock,
  };
}

async function statesOf(id: string) {
  return Object.fromEntries(
    (await records.rollouts.stations(id)).map((station) => [station.serialNumber, station.state]),
  );
}

describe("a rollout step", () => {
  it("updates the first station alone, then the next wave only once it is Current again, and finishes", async () => {
    const fleet = serials(7);
    const manager = new FakeManager(fleet);
    const deps = dependencies(manager);
    const id = await startRollout(fleet);

    await stepRollout(deps, id);
    expect(manager.updateCalls).toEqual(["MCS-0001"]);
    // Updating: nothing more is sent, however often a step runs.
    await stepRollout(deps, id);
    await stepRollout(deps, id);
    expect(manager.updateCalls).toEqual(["MCS-0001"]);

    manager.finish("MCS-0001");
    await stepRollout(deps, id);
    expect((await records.rollouts.get(id))?.currentWave).toBe(1);
    expect([...manager.updateCalls].sort()).toEqual(fleet.slice(0, 6));

    for (const serialNumber of fleet.slice(1, 5)) manager.finish(serialNumber);
    await stepRollout(deps, id);
    // MCS-0006 is still updating: wave 2 waits.
    expect(manager.updateCalls).toHaveLength(6);
    expect((await records.rollouts.get(id))?.currentWave).toBe(1);

    manager.finish("MCS-0006");
    await stepRollout(deps, id);
    expect(manager.updateCalls).toHaveLength(7);
    manager.finish("MCS-0007");
    await stepRollout(deps, id);
    await stepRollout(deps, id);

    const rollout = await records.rollouts.get(id);
    expect(rollout?.state).toBe("finished");
    expect(rollout?.stationCounts.done).toBe(7);
    // Each station was sent Update once, each through the audit log's one place.
    expect([...manager.updateCalls].sort()).toEqual(fleet);
    expect([...deps.acts].sort()).toEqual(fleet);
  });

  for (const [status, name] of [
    [updateStatus.UpdateFailed, "UpdateFailed"],
    [updateStatus.Error, "Error"],
    [updateStatus.Rolledback, "Rolledback"],
  ] as const) {
    it(`pauses when a station ends ${name}, saying which and why, and sends nothing more`, async () => {
      const fleet = serials(3);
      const manager = new FakeManager(fleet);
      const deps = dependencies(manager);
      const id = await startRollout(fleet);
      await stepRollout(deps, id);
      manager.finish("MCS-0001", status);
      await stepRollout(deps, id);
      await stepRollout(deps, id);

      const rollout = await records.rollouts.get(id);
      expect(rollout?.state).toBe("paused");
      expect(rollout?.reason).toEqual({ code: "stationFailed", serialNumber: "MCS-0001", detail: name });
      expect(await statesOf(id)).toEqual({ "MCS-0001": "failed", "MCS-0002": "waiting", "MCS-0003": "waiting" });
      expect(manager.updateCalls).toEqual(["MCS-0001"]);
    });
  }

  it("pauses when a station does not come back within the timeout", async () => {
    const fleet = serials(2);
    const manager = new FakeManager(fleet);
    const deps = dependencies(manager);
    const id = await startRollout(fleet, { stationTimeoutMs: 10 * minute });
    await stepRollout(deps, id);
    clock += 10 * minute;
    await stepRollout(deps, id);
    expect((await records.rollouts.get(id))?.state).toBe("running");
    clock += 1;
    await stepRollout(deps, id);
    const rollout = await records.rollouts.get(id);
    expect(rollout?.state).toBe("paused");
    expect(rollout?.reason).toMatchObject({ code: "stationTimedOut", serialNumber: "MCS-0001" });
  });

  it("pauses when the Manager refuses an Update, with its message", async () => {
    const fleet = serials(2);
    const manager = new FakeManager(fleet);
    manager.refuse.add("MCS-0001");
    const deps = dependencies(manager);
    const id = await startRollout(fleet);
    await stepRollout(deps, id);
    const rollout = await records.rollouts.get(id);
    expect(rollout?.state).toBe("paused");
    expect(rollout?.reason).toMatchObject({ code: "updateRefused", serialNumber: "MCS-0001" });
    expect((await statesOf(id))["MCS-0001"]).toBe("failed");
  });

  it("goes on after the admin resumes a paused rollout, past the station that failed", async () => {
    const fleet = serials(3);
    const manager = new FakeManager(fleet);
    const deps = dependencies(manager);
    const id = await startRollout(fleet);
    await stepRollout(deps, id);
    manager.finish("MCS-0001", updateStatus.UpdateFailed);
    await stepRollout(deps, id);
    await records.rollouts.update(id, { state: "running", reason: null }, ["paused"]);
    await stepRollout(deps, id);
    expect([...manager.updateCalls].sort()).toEqual(fleet);
    manager.finish("MCS-0002");
    manager.finish("MCS-0003");
    await stepRollout(deps, id);
    await stepRollout(deps, id);
    // It ended with a station that failed: its outcome says so.
    expect((await records.rollouts.get(id))?.state).toBe("failed");
  });

  it("lets stations with listeners wait until they have none, unless the admin chose update now", async () => {
    const fleet = serials(2);
    const manager = new FakeManager(fleet);
    manager.listeners.set("MCS-0001", 3);
    const deps = dependencies(manager);
    const id = await startRollout(fleet);
    await stepRollout(deps, id);
    await stepRollout(deps, id);
    expect(manager.updateCalls).toEqual([]);
    const [first] = await records.rollouts.stations(id, { wave: 0 });
    expect(first).toMatchObject({ state: "waiting", message: "listeners" });
    manager.listeners.set("MCS-0001", 0);
    await stepRollout(deps, id);
    expect(manager.updateCalls).toEqual(["MCS-0001"]);

    const now = new FakeManager(fleet);
    now.listeners.set("MCS-0001", 3);
    const urgent = await startRollout(fleet, { updateNow: true });
    await stepRollout(dependencies(now), urgent);
    expect(now.updateCalls).toEqual(["MCS-0001"]);
  });

  it("skips a station already on the version and one the Manager no longer lists", async () => {
    const fleet = serials(3);
    const manager = new FakeManager(fleet);
    manager.finish("MCS-0002");
    manager.listeners.delete("MCS-0003");
    const deps = dependencies(manager);
    const id = await startRollout(fleet, { firstWaveSize: 3 });
    await stepRollout(deps, id);
    expect(manager.updateCalls).toEqual(["MCS-0001"]);
    const stations = await records.rollouts.stations(id);
    expect(stations.map(({ state, message }) => [state, message])).toEqual([
      ["updating", null],
      ["skipped", "alreadyCurrent"],
      ["skipped", "gone"],
    ]);
  });

  it("sends a wave of 20 with at most 8 Update calls in flight", async () => {
    const fleet = serials(21);
    const manager = new FakeManager(fleet);
    const deps = dependencies(manager);
    const id = await startRollout(fleet, { waveSize: 20 });
    await stepRollout(deps, id);
    manager.finish("MCS-0001");
    // The Manager answers only once every call it will get has been sent (or 8 are waiting).
    let release!: () => void;
    manager.answer = new Promise((resolve) => (release = resolve));
    const stepping = stepRollout(deps, id);
    await expect.poll(() => manager.inFlight).toBe(8);
    release();
    await stepping;
    expect(manager.updateCalls).toHaveLength(21);
    expect(manager.mostInFlight).toBeLessThanOrEqual(8);
  });

  it("sends Update once per station when two processes step the same rollout at the same time", async () => {
    const fleet = serials(6);
    const manager = new FakeManager(fleet);
    const id = await startRollout(fleet, { firstWaveSize: 6 });
    await Promise.all([stepRollout(dependencies(manager), id), stepRollout(dependencies(manager), id)]);
    expect([...manager.updateCalls].sort()).toEqual(fleet);
  });

  it("resumes after a restart from the stored state and the Manager's statuses", async () => {
    const fleet = serials(3);
    const manager = new FakeManager(fleet);
    const id = await startRollout(fleet);
    await stepRollout(dependencies(manager), id);
    // The process dies; the station finishes meanwhile; a new process (new dependencies) steps on.
    manager.finish("MCS-0001");
    await stepRollout(dependencies(manager), id);
    expect([...manager.updateCalls].sort()).toEqual(fleet);
  });

  it("a paused rollout sends nothing, but still records how the stations already sent Update end", async () => {
    const fleet = serials(3);
    const manager = new FakeManager(fleet);
    const deps = dependencies(manager);
    const id = await startRollout(fleet);
    await stepRollout(deps, id);
    await records.rollouts.update(id, { state: "paused", reason: { code: "pausedByUser" } }, ["running"]);
    manager.finish("MCS-0001");
    await stepRollout(deps, id);
    expect(manager.updateCalls).toEqual(["MCS-0001"]);
    expect(await statesOf(id)).toEqual({ "MCS-0001": "done", "MCS-0002": "waiting", "MCS-0003": "waiting" });
  });

  it("a cancelled rollout sends nothing to the stations not started", async () => {
    const fleet = serials(3);
    const manager = new FakeManager(fleet);
    const deps = dependencies(manager);
    const id = await startRollout(fleet);
    await stepRollout(deps, id);
    await records.rollouts.cancel(id, { code: "cancelledByUser" });
    manager.finish("MCS-0001");
    await stepRollout(deps, id);
    expect(manager.updateCalls).toEqual(["MCS-0001"]);
    expect(await statesOf(id)).toEqual({ "MCS-0001": "done", "MCS-0002": "cancelled", "MCS-0003": "cancelled" });
  });
});
