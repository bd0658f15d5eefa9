import { describe, expect, it } from "vitest";
import type { FirmwareInfo } from "~/contract/firmware";
import type { SystemEvent } from "~/contract/statistics";
import type { StationListeners } from "~/contract/stations";
import { updateStatus } from "~/contract/values";
import type { Rollout } from "~/records/rollouts";
import {
  factConditions,
  factsNeededBy,
  fingerprintConditions,
  firmwareConditions,
  noFacts,
  rolloutConditions,
  unauthorizedConditions,
  unauthorizedOf,
  unknownKinds,
  withFacts,
  type ManagerFacts,
} from "./manager-facts";

const t0 = Date.UTC(2026, 3, 1, 12);
const second = 1000;
const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };
const everything = { firmware: true, systemEvents: true };
const names = new Map([
  ["A", "Hall A"],
  ["B", "Hall B"],
]);
const nameOf = (serialNumber: string) => names.get(serialNumber) ?? null;

function listed(serialNumber: string, isAuthorized: boolean, isRejected = false): StationListeners {
  return {
    serialNumber,
    name: isAuthorized ? `Hall ${serialNumber}` : null,
    deviceState: { computedState: isAuthorized ? "Connected" : "Unauthorized" },
    authorization: { isAuthorized, isRejected },
    audioChannels: [],
  };
}

function firmware(serialNumber: string, status: number, targetVersion: string | null = null): FirmwareInfo {
  return { serialNumber, stationType: 2, currentVersion: "6.2.0", status, targetVersion, progress: null };
}

let eventIds = 0;
function event(code: string, serialNumber: string, at: number, parameters: Record<string, string> = {}): SystemEvent {
  eventIds += 1;
  return {
    id: String(eventIds),
    date: new Date(at).toISOString(),
    type: 1,
    code,
    parameters: { serialNumber, stationName: serialNumber, ...parameters },
    stationSerialNumber: serialNumber,
    isDismissable: true,
    isDismissed: false,
  };
}

function rollout(id: string, state: Rollout["state"], reason: Rollout["reason"], updatedAt = t0): Rollout {
  return {
    id,
    createdAt: new Date(t0 - 3600 * second).toISOString(),
    createdBy: ada,
    updatedAt: new Date(updatedAt).toISOString(),
    state,
    options: {
      versions: { "2": "6.3.0", "1": "4.9.1" },
      firstWaveSize: 1,
      waveSize: 5,
      stationTimeoutMs: 600_000,
      updateNow: false,
      eulaAcceptedAt: null,
    },
    reason,
    currentWave: 0,
    endedAt: null,
    stationCounts: { waiting: 3, updating: 0, done: 1, failed: 1, skipped: 0, cancelled: 0 },
  };
}

const round = (facts: Partial<ManagerFacts>): ManagerFacts => ({
  unauthorized: null,
  firmware: null,
  systemEvents: null,
  ...facts,
});

describe("the Manager's facts for the alerts", () => {
  it("find the stations waiting to be authorized in the station list, neither accepted nor rejected", () => {
    expect(unauthorizedOf([listed("A", true), listed("N", false), listed("R", false, true)])).toEqual([
      { serialNumber: "N", name: null },
    ]);
  });

  it("need the firmware statuses and the events read only for the rules that watch them", () => {
    expect(factsNeededBy(["stationStopped", "stationUnauthorized", "rolloutPaused"])).toEqual({
      firmware: false,
      systemEvents: false,
    });
    expect(factsNeededBy(["firmwareUpdateFailed", "fingerprintChanged"])).toEqual(everything);
  });

  it("hold a waiting station since first seen so, until it is accepted, rejected or gone", () => {
    let known = withFacts(noFacts, round({ unauthorized: [{ serialNumber: "N", name: null }] }), t0, everything);
    known = withFacts(
      known,
      round({ unauthorized: [{ serialNumber: "N", name: null }] }),
      t0 + 30 * second,
      everything,
    );
    expect(unauthorizedConditions(known)).toEqual([
      { kind: "stationUnauthorized", serialNumber: "N", stationName: null, subject: "", subjectName: null, since: t0 },
    ]);
    // The list could not be read: what was known stands.
    known = withFacts(known, round({}), t0 + 60 * second, everything);
    expect(unauthorizedConditions(known)).toHaveLength(1);
    known = withFacts(known, round({ unauthorized: [] }), t0 + 90 * second, everything);
    expect(unauthorizedConditions(known)).toEqual([]);
    // Back again: a new start.
    known = withFacts(
      known,
      round({ unauthorized: [{ serialNumber: "N", name: null }] }),
      t0 + 120 * second,
      everything,
    );
    expect(unauthorizedConditions(known)).toMatchObject([{ since: t0 + 120 * second }]);
  });

  it("hold a failed firmware update since first seen failed, named by the version the events tell", () => {
    const failed = [
      firmware("A", updateStatus.UpdateFailed),
      firmware("B", updateStatus.Error),
      firmware("C", updateStatus.Current),
      firmware("D", updateStatus.Downloading, "6.3.0"),
    ];
    let known = withFacts(noFacts, round({ firmware: failed }), t0, everything);
    expect(firmwareConditions(known, nameOf)).toEqual([
      {
        kind: "firmwareUpdateFailed",
        serialNumber: "A",
        stationName: "Hall A",
        subject: "",
        subjectName: null,
        since: t0,
      },
      {
        kind: "firmwareUpdateFailed",
        serialNumber: "B",
        stationName: "Hall B",
        subject: "",
        subjectName: null,
        since: t0,
      },
    ]);
    const events = [
      event("firmwareUpdateFailed", "A", t0 - second, { version: "6.3.0" }),
      event("firmwareUpdateFailed", "A", t0 - 60 * second, { version: "6.2.9" }),
    ];
    known = withFacts(
      known,
      round({ firmware: failed.slice(0, 1), systemEvents: events }),
      t0 + 30 * second,
      everything,
    );
    expect(firmwareConditions(known, nameOf)).toEqual([
      expect.objectContaining({ serialNumber: "A", subjectName: "6.3.0", since: t0 }),
    ]);
    // Its status changed: it clears.
    known = withFacts(known, round({ firmware: [firmware("A", updateStatus.Current)] }), t0 + 60 * second, everything);
    expect(firmwareConditions(known, nameOf)).toEqual([]);
  });

  it("keep facts not read while a rule needs them, and forget them when none does", () => {
    const known = withFacts(
      noFacts,
      round({ firmware: [firmware("A", updateStatus.Error)], systemEvents: [] }),
      t0,
      everything,
    );
    expect(withFacts(known, round({}), t0 + second, everything)).toMatchObject({ systemEvents: [] });
    expect(firmwareConditions(withFacts(known, round({}), t0 + second, everything), nameOf)).toHaveLength(1);
    const forgotten = withFacts(known, round({}), t0 + second, { firmware: false, systemEvents: false });
    expect(forgotten).toMatchObject({ firmware: null, systemEvents: null });
    expect(unknownKinds(forgotten, null)).toEqual(
      new Set(["stationUnauthorized", "firmwareUpdateFailed", "fingerprintChanged", "rolloutPaused"]),
    );
    expect(unknownKinds(known, [])).toEqual(new Set(["stationUnauthorized"]));
  });

  it("hold a changed fingerprint while its event is the station's newest of it and its authorization", () => {
    const events = [
      event("stationConnected", "A", t0 + 40 * second),
      event("fingerprintChanged", "A", t0 + 30 * second),
      event("stationAuthorized", "A", t0 + 20 * second),
      event("stationAuthorized", "B", t0 + 15 * second),
      event("fingerprintChanged", "B", t0 + 10 * second),
      event("fingerprintChanged", "C", t0 + 5 * second),
    ];
    const known = withFacts(noFacts, round({ systemEvents: events }), t0 + 60 * second, everything);
    expect(fingerprintConditions(known, nameOf)).toEqual([
      {
        kind: "fingerprintChanged",
        serialNumber: "A",
        stationName: "Hall A",
        subject: "",
        subjectName: null,
        since: t0 + 30 * second,
      },
      expect.objectContaining({ serialNumber: "C", stationName: null, since: t0 + 5 * second }),
    ]);
    // Dismissed: no longer listed, and no longer holding.
    const dismissed = withFacts(
      known,
      round({ systemEvents: events.filter((e) => e.code !== "fingerprintChanged") }),
      t0,
      everything,
    );
    expect(fingerprintConditions(dismissed, nameOf)).toEqual([]);
  });

  it("hold a rollout paused other than by a person, from when it paused", () => {
    const rollouts = [
      rollout("7", "paused", { code: "stationFailed", serialNumber: "A", detail: "UpdateFailed" }, t0 + second),
      rollout("8", "paused", { code: "pausedByUser", by: ada }),
      rollout("9", "failed", { code: "stationTimedOut", serialNumber: "B" }),
      rollout("10", "running", null),
      rollout("11", "paused", { code: "signedOut" }, t0 + 2 * second),
    ];
    expect(rolloutConditions(rollouts, nameOf)).toEqual([
      {
        kind: "rolloutPaused",
        serialNumber: "A",
        stationName: "Hall A",
        subject: "rollout:7",
        subjectName: "4.9.1, 6.3.0",
        since: t0 + second,
      },
      {
        kind: "rolloutPaused",
        serialNumber: "",
        stationName: null,
        subject: "rollout:11",
        subjectName: "4.9.1, 6.3.0",
        since: t0 + 2 * second,
      },
    ]);
  });

  it("tell every condition together", () => {
    const known = withFacts(
      noFacts,
      round({
        unauthorized: [{ serialNumber: "N", name: null }],
        firmware: [firmware("A", updateStatus.UpdateFailed)],
        systemEvents: [event("fingerprintChanged", "B", t0)],
      }),
      t0,
      everything,
    );
    const rollouts = [rollout("7", "paused", { code: "stationTimedOut", serialNumber: "A" })];
    expect(factConditions(known, rollouts, nameOf).map((condition) => condition.kind)).toEqual([
      "stationUnauthorized",
      "firmwareUpdateFailed",
      "fingerprintChanged",
      "rolloutPaused",
    ]);
  });
});
