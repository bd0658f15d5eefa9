import { describe, expect, it } from "vitest";
import {
  newObserverState,
  observeFleet,
  observeNothing,
  observerStateFrom,
  observeStation,
  type StationReading,
} from "~/listening/observer";
import type { Alert, AlertRule } from "~/records/alerts";
import { conditionsOf, evaluate, type AlertCondition } from "./evaluate";

const t0 = Date.UTC(2026, 3, 1, 12);
const second = 1000;
const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };

function station(serialNumber: string, running = true): StationReading {
  return { serialNumber, name: `Hall ${serialNumber}`, running, channels: [{ index: 1, name: "Floor", listeners: 2 }] };
}

function rule(id: string, kind: AlertRule["kind"], graceSeconds: number, stations: string[] = []): AlertRule {
  return { id, kind, graceSeconds, stations, createdBy: ada, createdAt: t0 - 3600 * second };
}

/** What the store would hold after opening `changes.open` at `now`. */
function opened(changes: ReturnType<typeof evaluate>, now: number, ids: string[]): Alert[] {
  return changes.open.map((alert, index) => ({
    ...alert,
    id: ids[index]!,
    openedAt: now,
    resolvedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
  }));
}

describe("the conditions holding", () => {
  it("are the stations stopped since their outage began, with their names", () => {
    const state = newObserverState();
    observeFleet(state, [station("A"), station("B"), station("C")], t0);
    observeStation(state, station("A", false), "A", t0 + 5 * second);
    // Removed from the Manager: the sampler forgets it, its outage stays open.
    observeFleet(state, [station("A", false), station("B")], t0 + 30 * second);
    expect(conditionsOf(state, t0 + 31 * second, new Map([["C", "Hall C"]]))).toEqual([
      { kind: "stationStopped", serialNumber: "A", stationName: "Hall A", since: t0 + 5 * second },
      { kind: "stationStopped", serialNumber: "C", stationName: "Hall C", since: t0 + 30 * second },
    ]);
    // Without a name remembered, a gone station is named by nothing rather than wrongly.
    expect(conditionsOf(state, t0 + 31 * second).find((condition) => condition.serialNumber === "C")).toMatchObject({
      stationName: null,
    });
  });

  it("include a station stopped before the sampler first saw it, since the evaluator saw it so", () => {
    const state = newObserverState();
    observeFleet(state, [station("A"), station("B", false)], t0);
    expect(conditionsOf(state, t0 + 9 * second, new Map(), new Map([["B", t0 + second]]))).toEqual([
      { kind: "stationStopped", serialNumber: "B", stationName: "Hall B", since: t0 + second },
    ]);
    // Not yet noted: from now.
    expect(conditionsOf(state, t0 + 9 * second)).toEqual([
      { kind: "stationStopped", serialNumber: "B", stationName: "Hall B", since: t0 + 9 * second },
    ]);
  });

  it("clear when the station runs again", () => {
    const state = newObserverState();
    observeFleet(state, [station("A")], t0);
    observeStation(state, station("A", false), "A", t0 + second);
    observeStation(state, station("A"), "A", t0 + 2 * second);
    expect(conditionsOf(state, t0 + 3 * second)).toEqual([]);
  });

  it("include the Manager while it cannot be reached, not while it refuses or nobody is signed in", () => {
    const unreachable = newObserverState();
    observeFleet(unreachable, [station("A")], t0);
    observeNothing(unreachable, t0 + 10 * second, "managerUnreachable");
    expect(conditionsOf(unreachable, t0 + 11 * second)).toEqual([
      { kind: "managerUnreachable", serialNumber: "", stationName: null, since: t0 + 10 * second },
    ]);
    observeFleet(unreachable, [station("A")], t0 + 20 * second);
    expect(conditionsOf(unreachable, t0 + 21 * second)).toEqual([]);

    for (const reason of ["managerRefused", "noSession", "notSampled"] as const) {
      const state = newObserverState();
      observeNothing(state, t0, reason);
      expect(conditionsOf(state, t0 + second), reason).toEqual([]);
    }
  });

  it("keep their start when another process takes over from the stored outages and gap", () => {
    const state = observerStateFrom({ venueKnown: false, values: new Map() }, [], {
      gap: { startsAt: t0 - 40 * second, endsAt: null, reason: "managerUnreachable" },
      outages: [{ serialNumber: "A", startsAt: t0 - 50 * second, endsAt: null, listeners: 3 }],
      keyframeHour: t0,
    });
    const conditions = conditionsOf(state, t0);
    expect(conditions.map((condition) => [condition.kind, condition.since])).toEqual([
      ["stationStopped", t0 - 50 * second],
      ["managerUnreachable", t0 - 40 * second],
    ]);
    // 60 s of grace: 50 s were served before the takeover, the alert opens 10 s after it.
    const rules = [rule("1", "stationStopped", 60)];
    expect(evaluate(rules, conditions, [], t0 + 9 * second).open).toEqual([]);
    expect(evaluate(rules, conditions, [], t0 + 10 * second).open).toEqual([
      { ruleId: "1", kind: "stationStopped", serialNumber: "A", stationName: null, since: t0 - 50 * second },
    ]);
  });
});

describe("what the rules open and resolve", () => {
  const stopped = (serialNumber: string, since: number): AlertCondition => ({
    kind: "stationStopped",
    serialNumber,
    stationName: `Hall ${serialNumber}`,
    since,
  });
  const manager = (since: number): AlertCondition => ({
    kind: "managerUnreachable",
    serialNumber: "",
    stationName: null,
    since,
  });

  it("opens once the condition has held for the grace period, once per rule and subject", () => {
    const rules = [rule("1", "stationStopped", 60)];
    const conditions = [stopped("A", t0)];
    expect(evaluate(rules, conditions, [], t0 + 59_999)).toEqual({ open: [], resolve: [] });
    const changes = evaluate(rules, conditions, [], t0 + 60 * second);
    expect(changes).toEqual({
      open: [{ ruleId: "1", kind: "stationStopped", serialNumber: "A", stationName: "Hall A", since: t0 }],
      resolve: [],
    });
    // Open already: nothing more while it holds.
    const open = opened(changes, t0 + 60 * second, ["10"]);
    expect(evaluate(rules, conditions, open, t0 + 3600 * second)).toEqual({ open: [], resolve: [] });
  });

  it("resolves an open alert when its condition clears or its rule is gone", () => {
    const rules = [rule("1", "stationStopped", 0), rule("2", "managerUnreachable", 0)];
    const open = opened(evaluate(rules, [stopped("A", t0), manager(t0)], [], t0), t0, ["10", "11"]);
    expect(open.map((alert) => alert.kind)).toEqual(["stationStopped", "managerUnreachable"]);
    expect(evaluate(rules, [manager(t0)], open, t0 + second)).toEqual({ open: [], resolve: ["10"] });
    expect(evaluate([rules[0]!], [stopped("A", t0), manager(t0)], open, t0 + second)).toEqual({
      open: [],
      resolve: ["11"],
    });
  });

  it("watches the stations a rule names, or all of them when it names none; the Manager rule ignores stations", () => {
    const rules = [
      rule("1", "stationStopped", 0, ["B"]),
      rule("2", "stationStopped", 0),
      rule("3", "managerUnreachable", 0, ["A"]),
    ];
    const { open } = evaluate(rules, [stopped("A", t0), stopped("B", t0), manager(t0)], [], t0);
    expect(open.map((alert) => `${alert.ruleId}/${alert.serialNumber || "manager"}`)).toEqual([
      "1/B",
      "2/A",
      "2/B",
      "3/manager",
    ]);
  });

  it("opens nothing for a station back within its grace period, and counts a new stop from its start", () => {
    const rules = [rule("1", "stationStopped", 5)];
    const state = newObserverState();
    observeFleet(state, [station("A")], t0);
    const at = (ms: number) => evaluate(rules, conditionsOf(state, t0 + ms), [], t0 + ms);
    observeStation(state, station("A", false), "A", t0 + second);
    expect(at(2 * second).open).toEqual([]);
    observeStation(state, station("A"), "A", t0 + 2500);
    // Evaluated every second from then on, well past the first stop's grace: nothing.
    for (let ms = 3 * second; ms <= 10 * second; ms += second) expect(at(ms).open, String(ms)).toEqual([]);
    observeStation(state, station("A", false), "A", t0 + 11 * second);
    expect(at(15 * second).open).toEqual([]);
    expect(at(16 * second).open).toEqual([
      { ruleId: "1", kind: "stationStopped", serialNumber: "A", stationName: "Hall A", since: t0 + 11 * second },
    ]);
  });
});
