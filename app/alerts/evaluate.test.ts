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
import type { ListeningEvent } from "~/records/listening";
import {
  channelConditions,
  conditionsOf,
  coveredSince,
  evaluate,
  nextChannelMemory,
  ruleApplies,
  type AlertCondition,
  type ChannelMemory,
} from "./evaluate";

const t0 = Date.UTC(2026, 3, 1, 12);
const second = 1000;
const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };

function station(serialNumber: string, running = true): StationReading {
  return { serialNumber, name: `Hall ${serialNumber}`, running, channels: [{ index: 1, name: "Floor", listeners: 2 }] };
}

function rule(
  id: string,
  kind: AlertRule["kind"],
  graceSeconds: number,
  stations: string[] = [],
  duringEventsOnly = false,
): AlertRule {
  return { id, kind, graceSeconds, stations, duringEventsOnly, createdBy: ada, createdAt: t0 - 3600 * second };
}

const aboutTheStation = { subject: "", subjectName: null };

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
      { kind: "stationStopped", serialNumber: "A", stationName: "Hall A", ...aboutTheStation, since: t0 + 5 * second },
      { kind: "stationStopped", serialNumber: "C", stationName: "Hall C", ...aboutTheStation, since: t0 + 30 * second },
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
      { kind: "stationStopped", serialNumber: "B", stationName: "Hall B", ...aboutTheStation, since: t0 + second },
    ]);
    // Not yet noted: from now.
    expect(conditionsOf(state, t0 + 9 * second)).toEqual([
      { kind: "stationStopped", serialNumber: "B", stationName: "Hall B", ...aboutTheStation, since: t0 + 9 * second },
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
      { kind: "managerUnreachable", serialNumber: "", stationName: null, ...aboutTheStation, since: t0 + 10 * second },
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
      {
        ruleId: "1",
        kind: "stationStopped",
        serialNumber: "A",
        stationName: null,
        ...aboutTheStation,
        since: t0 - 50 * second,
      },
    ]);
  });
});

describe("what the rules open and resolve", () => {
  const stopped = (serialNumber: string, since: number): AlertCondition => ({
    kind: "stationStopped",
    serialNumber,
    stationName: `Hall ${serialNumber}`,
    ...aboutTheStation,
    since,
  });
  const manager = (since: number): AlertCondition => ({
    kind: "managerUnreachable",
    serialNumber: "",
    stationName: null,
    ...aboutTheStation,
    since,
  });

  it("opens once the condition has held for the grace period, once per rule and subject", () => {
    const rules = [rule("1", "stationStopped", 60)];
    const conditions = [stopped("A", t0)];
    expect(evaluate(rules, conditions, [], t0 + 59_999)).toEqual({ open: [], resolve: [] });
    const changes = evaluate(rules, conditions, [], t0 + 60 * second);
    expect(changes).toEqual({
      open: [
        {
          ruleId: "1",
          kind: "stationStopped",
          serialNumber: "A",
          stationName: "Hall A",
          ...aboutTheStation,
          since: t0,
        },
      ],
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
      {
        ruleId: "1",
        kind: "stationStopped",
        serialNumber: "A",
        stationName: "Hall A",
        ...aboutTheStation,
        since: t0 + 11 * second,
      },
    ]);
  });
});

describe("a channel's listeners falling to zero", () => {
  function hall(listeners: number[], running = true): StationReading {
    return {
      serialNumber: "A",
      name: "Hall A",
      running,
      channels: listeners.map((count, offset) => ({
        index: offset + 1,
        name: `Channel ${offset + 1}`,
        listeners: count,
      })),
    };
  }
  /** Sees each reading in turn, a second apart, and answers the memory and the conditions after the last. */
  function seen(readings: StationReading[], openSince?: ReadonlyMap<string, number>) {
    const state = newObserverState();
    let memory: Map<string, ChannelMemory> = new Map();
    readings.forEach((reading, offset) => {
      observeFleet(state, [reading], t0 + offset * second);
      memory = nextChannelMemory(memory, state, t0 + offset * second, openSince);
    });
    const now = t0 + readings.length * second;
    return { state, memory, conditions: channelConditions(state, memory, [], now) };
  }

  it("holds since the channel was seen at 0 after having listeners, named by the channel", () => {
    const { conditions } = seen([hall([3, 2]), hall([0, 2]), hall([0, 2])]);
    expect(conditions).toEqual([
      {
        kind: "channelListenersZero",
        serialNumber: "A",
        stationName: "Hall A",
        subject: "channel:1",
        subjectName: "Channel 1",
        since: t0 + second,
        eventSince: null,
      },
    ]);
  });

  it("does not hold for a channel never seen with listeners, nor once it has them again", () => {
    expect(seen([hall([0]), hall([0])]).conditions).toEqual([]);
    expect(seen([hall([3]), hall([0]), hall([1])]).conditions).toEqual([]);
    // Empty again: from the new fall.
    expect(seen([hall([3]), hall([0]), hall([1]), hall([0])]).conditions).toMatchObject([{ since: t0 + 3 * second }]);
  });

  it("clears when the station stops or the channel goes, and does not hold when it comes back empty", () => {
    expect(seen([hall([3]), hall([0]), hall([0], false)]).conditions).toEqual([]);
    expect(seen([hall([3, 2]), hall([0, 2]), hall([2])]).conditions).toEqual([]);
    expect(seen([hall([3]), hall([3], false), hall([0])]).conditions).toEqual([]);
  });

  it("keeps the start of an alert open for it when this process never saw the count above 0", () => {
    const openSince = new Map([["A/1", t0 - 300 * second]]);
    expect(seen([hall([0, 0])], openSince).conditions).toMatchObject([
      { subject: "channel:1", since: t0 - 300 * second },
    ]);
    expect(seen([hall([2, 0]), hall([2, 0])], openSince).conditions).toEqual([]);
  });

  it("counts, for rules that hold only during events, from the covering event's start, and only while one covers it", () => {
    const event = (id: string, scope: string[], startsAt: number, endsAt: number | null): ListeningEvent => ({
      id,
      title: id,
      scope,
      startsAt,
      endsAt,
      createdBy: ada,
      createdAt: t0,
      updatedAt: t0,
    });
    const events = [
      event("venue", [], t0 + 100 * second, t0 + 200 * second),
      event("station", ["A"], t0 + 50 * second, null),
      event("channel", ["B/2"], t0, null),
      event("later", ["A/1"], t0 + 500 * second, null),
    ];
    expect(coveredSince(events, "A", 1, t0 + 10 * second)).toBeNull();
    expect(coveredSince(events, "A", 1, t0 + 150 * second)).toBe(t0 + 50 * second);
    expect(coveredSince(events, "B", 1, t0 + 150 * second)).toBe(t0 + 100 * second);
    expect(coveredSince(events, "B", 1, t0 + 200 * second)).toBeNull();
    expect(coveredSince(events, "B", 2, t0 + 200 * second)).toBe(t0);

    const rules = [rule("1", "channelListenersZero", 60), rule("2", "channelListenersZero", 60, [], true)];
    const zero = (eventSince: number | null): AlertCondition => ({
      kind: "channelListenersZero",
      serialNumber: "A",
      stationName: "Hall A",
      subject: "channel:1",
      subjectName: "Floor",
      since: t0,
      eventSince,
    });
    expect(evaluate(rules, [zero(null)], [], t0 + 3600 * second).open.map((alert) => alert.ruleId)).toEqual(["1"]);
    // Empty since before the show: the grace runs from the show's start.
    const during = zero(t0 + 1000 * second);
    expect(evaluate(rules, [during], [], t0 + 1059 * second).open.map((alert) => alert.ruleId)).toEqual(["1"]);
    expect(evaluate(rules, [during], [], t0 + 1060 * second).open).toMatchObject([
      { ruleId: "1", since: t0 },
      { ruleId: "2", since: t0 + 1000 * second, subject: "channel:1", subjectName: "Floor" },
    ]);
    // The show ends: its alert resolves, the other stays.
    const open = opened(evaluate(rules, [during], [], t0 + 1060 * second), t0 + 1060 * second, ["10", "11"]);
    expect(evaluate(rules, [zero(null)], open, t0 + 2000 * second)).toEqual({ open: [], resolve: ["11"] });
  });
});

describe("the rules of the other kinds", () => {
  const condition = (kind: AlertCondition["kind"], serialNumber: string, subject = ""): AlertCondition => ({
    kind,
    serialNumber,
    stationName: null,
    subject,
    subjectName: null,
    since: t0,
  });

  it("narrow to stations only for the kinds that may be narrowed", () => {
    for (const kind of ["channelListenersZero", "firmwareUpdateFailed", "fingerprintChanged"] as const) {
      expect(ruleApplies(rule("1", kind, 0, ["B"]), condition(kind, "A")), kind).toBe(false);
      expect(ruleApplies(rule("1", kind, 0, ["A"]), condition(kind, "A")), kind).toBe(true);
    }
    for (const kind of ["stationUnauthorized", "rolloutPaused", "managerUnreachable"] as const) {
      expect(ruleApplies(rule("1", kind, 0, ["B"]), condition(kind, "A")), kind).toBe(true);
    }
    expect(ruleApplies(rule("1", "stationUnauthorized", 0), condition("stationStopped", "A"))).toBe(false);
  });

  it("open one alert per rule, station and subject", () => {
    const rules = [rule("1", "channelListenersZero", 0), rule("2", "rolloutPaused", 0)];
    const conditions = [
      condition("channelListenersZero", "A", "channel:1"),
      condition("channelListenersZero", "A", "channel:2"),
      condition("rolloutPaused", "", "rollout:7"),
      condition("rolloutPaused", "", "rollout:8"),
    ];
    const changes = evaluate(rules, conditions, [], t0);
    expect(changes.open.map((alert) => `${alert.ruleId}/${alert.serialNumber}/${alert.subject}`)).toEqual([
      "1/A/channel:1",
      "1/A/channel:2",
      "2//rollout:7",
      "2//rollout:8",
    ]);
    const open = opened(changes, t0, ["10", "11", "12", "13"]);
    expect(evaluate(rules, conditions.slice(1, 3), open, t0 + second)).toEqual({ open: [], resolve: ["10", "13"] });
  });

  it("neither open nor resolve alerts of rules whose conditions cannot be told yet", () => {
    const rules = [rule("1", "firmwareUpdateFailed", 0), rule("2", "stationUnauthorized", 0)];
    const open = opened(evaluate(rules, [condition("firmwareUpdateFailed", "A")], [], t0), t0, ["10"]);
    const unknown = (candidate: AlertRule) => candidate.kind === "firmwareUpdateFailed";
    expect(evaluate(rules, [condition("stationUnauthorized", "N")], open, t0 + second, unknown)).toEqual({
      open: [expect.objectContaining({ ruleId: "2", serialNumber: "N" })],
      resolve: [],
    });
    expect(evaluate(rules, [condition("firmwareUpdateFailed", "B")], [], t0, () => true)).toEqual({
      open: [],
      resolve: [],
    });
  });
});
