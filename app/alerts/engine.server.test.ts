import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  newObserverState,
  observeFleet,
  observeNothing,
  observeStation,
  type StationReading,
} from "~/listening/observer";
import { setObservability, type ConsoleObservability } from "~/observability.server";
import { updateStatus } from "~/contract/values";
import type { ListeningEvent, TimeRange } from "~/records/listening";
import type { Rollout } from "~/records/rollouts";
import type {
  Alert,
  AlertRule,
  AlertStore,
  DeliveryAttempt,
  DeliveryState,
  DeliveryTransition,
  DueDelivery,
  NewAlert,
} from "~/records/alerts";
import { startAlertEngine, type AlertEngine, type AlertEngineOptions, type AlertRecordSources } from "./engine.server";
import type { ManagerFacts } from "./manager-facts";
import type { AttemptResult } from "./webhook.server";

const t0 = Date.UTC(2026, 3, 1, 12);
const second = 1000;
const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };

function station(serialNumber: string, running = true): StationReading {
  return { serialNumber, name: `Hall ${serialNumber}`, running, channels: [{ index: 1, name: "Floor", listeners: 1 }] };
}

interface Delivery extends DueDelivery {
  tried: DeliveryAttempt[];
}

/** The store as the engine uses it, in memory: every change queued to one destination (tests to any). */
function memoryStore() {
  let ids = 0;
  const id = () => String((ids += 1));
  const rules: AlertRule[] = [];
  const alerts: Alert[] = [];
  const deliveries: Delivery[] = [];
  const failing = { evaluate: 0 };
  /** How long reading the due deliveries takes (what is due is what was due when it began). */
  const slow = { dueMs: 0 };
  const removals: number[] = [];

  function queue(
    alertId: string | null,
    transition: DeliveryTransition,
    now: number,
    body: (id: string) => string,
    destinationId = "d1",
  ) {
    const deliveryId = id();
    deliveries.push({
      id: deliveryId,
      destinationId,
      destinationName: "Pager",
      destinationKind: "webhook",
      alertId,
      transition,
      idempotencyKey: alertId === null ? `test:${deliveryId}` : `${alertId}:${transition}`,
      createdAt: now,
      state: "pending",
      attempts: 0,
      nextAttemptAt: now,
      url: "https://pager.example/hook",
      secret: "pager-secret-0123456789",
      email: null,
      language: null,
      body: body(deliveryId),
      tried: [],
    });
  }

  const store = {
    rules: {
      list: async () => {
        if (failing.evaluate > 0) {
          failing.evaluate -= 1;
          throw new Error("database away");
        }
        return [...rules];
      },
    },
    alerts: {
      open: async () => alerts.filter((alert) => alert.resolvedAt === null),
      apply: async (
        changes: { open: NewAlert[]; resolve: string[] },
        now: number,
        body: Parameters<AlertStore["alerts"]["apply"]>[2],
      ) => {
        const opened: Alert[] = [];
        const resolved: Alert[] = [];
        for (const change of changes.open) {
          const open = alerts.some(
            (alert) =>
              alert.resolvedAt === null &&
              alert.ruleId === change.ruleId &&
              alert.serialNumber === change.serialNumber &&
              alert.subject === change.subject,
          );
          if (open || !rules.some((rule) => rule.id === change.ruleId)) continue;
          const alert: Alert = {
            ...change,
            id: id(),
            openedAt: now,
            resolvedAt: null,
            acknowledgedAt: null,
            acknowledgedBy: null,
          };
          alerts.push(alert);
          opened.push(alert);
          queue(alert.id, "opened", now, (deliveryId) => body(alert, "opened", deliveryId));
        }
        for (const alertId of changes.resolve) {
          const alert = alerts.find((candidate) => candidate.id === alertId && candidate.resolvedAt === null);
          if (!alert) continue;
          alert.resolvedAt = now;
          resolved.push(alert);
          queue(alert.id, "resolved", now, (deliveryId) => body(alert, "resolved", deliveryId));
        }
        return { opened, resolved };
      },
    },
    deliveries: {
      due: async (now: number, take: number): Promise<DueDelivery[]> => {
        const rows = deliveries
          .filter((delivery) => delivery.state === "pending" && delivery.nextAttemptAt! <= now)
          .slice(0, take)
          .map((delivery) => ({ ...delivery }));
        if (slow.dueMs > 0) await new Promise((resolve) => setTimeout(resolve, slow.dueMs));
        return rows;
      },
      recordAttempt: async (attempt: DeliveryAttempt, next: { state: DeliveryState; nextAttemptAt: number | null }) => {
        const delivery = deliveries.find((candidate) => candidate.id === attempt.deliveryId)!;
        delivery.tried.push(attempt);
        delivery.attempts = attempt.attempt;
        delivery.state = next.state;
        delivery.nextAttemptAt = next.nextAttemptAt;
      },
    },
    removeOlderThan: async (cut: number) => {
      removals.push(cut);
      return 0;
    },
  } as unknown as AlertStore;

  return {
    store,
    rules,
    alerts,
    deliveries,
    failing,
    slow,
    removals,
    addRule(kind: AlertRule["kind"], graceSeconds: number, stations: string[] = [], duringEventsOnly = false) {
      rules.push({
        id: id(),
        kind,
        graceSeconds,
        stations,
        duringEventsOnly,
        createdBy: ada,
        createdAt: t0 - 3600 * second,
      });
    },
    queueTests(count: number, now: number, destinationId = "d1") {
      for (let index = 0; index < count; index += 1)
        queue(null, "test", now, (deliveryId) => `{"test":${deliveryId}}`, destinationId);
    },
  };
}

const errors: string[] = [];
const silentObservability = {
  requestId: () => undefined,
  identify: () => {},
  managerCall: () => {},
  signIn: () => {},
  signInFailure: () => {},
  sessionStore: () => {},
  error: (_error: unknown, message: string) => errors.push(message),
  warn: () => {},
  venueCopy: () => {},
  listeningRound: () => {},
  listeningRollup: () => {},
} satisfies ConsoleObservability;

let engine: AlertEngine | null = null;

function start(memory: ReturnType<typeof memoryStore>, options: Partial<AlertEngineOptions> = {}) {
  engine = startAlertEngine({
    store: () => memory.store,
    settings: () => ({
      allowPrivateWebhooks: false,
      retryBaseMs: 10 * second,
      smtpUrl: null,
      emailFrom: "x@y",
      emailGroupMs: 60_000,
      retentionDays: 400,
    }),
    send: async () => ({ status: 200, error: null, durationMs: 5 }),
    clock: () => Date.now(),
    ...options,
  });
  return engine;
}

beforeEach(() => {
  vi.useFakeTimers({ now: t0 });
  errors.length = 0;
  setObservability(silentObservability);
});

afterEach(async () => {
  const running = engine;
  engine = null;
  const stopping = running?.stop();
  await vi.runOnlyPendingTimersAsync();
  await stopping;
  vi.useRealTimers();
});

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe("the alert evaluator", () => {
  it("opens an alert once a stop has held for the grace period, delivers it, and resolves it once", async () => {
    const memory = memoryStore();
    memory.addRule("stationStopped", 5);
    const sent: DueDelivery[] = [];
    const alerts = start(memory, {
      send: async (delivery) => {
        sent.push(delivery);
        return { status: 200, error: null, durationMs: 5 };
      },
    });
    const state = newObserverState();
    alerts.setHolding(true);
    observeFleet(state, [station("A"), station("B")], Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    const stoppedAt = Date.now();
    observeStation(state, station("A", false), "A", stoppedAt);
    alerts.observe(state, stoppedAt);
    await pass(4 * second);
    expect(memory.alerts).toEqual([]);
    await pass(2 * second);
    expect(memory.alerts).toMatchObject([
      { kind: "stationStopped", serialNumber: "A", stationName: "Hall A", since: stoppedAt, resolvedAt: null },
    ]);
    expect(memory.alerts[0]!.openedAt - stoppedAt).toBeGreaterThanOrEqual(5 * second);
    expect(sent.map((delivery) => delivery.transition)).toEqual(["opened"]);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      type: "alert.opened",
      alert: { serialNumber: "A", stationName: "Hall A" },
      rule: { graceSeconds: 5 },
    });
    expect(memory.deliveries.map((delivery) => delivery.state)).toEqual(["delivered"]);

    // Still stopped: nothing more, however long.
    await pass(30 * second);
    expect(memory.alerts).toHaveLength(1);
    observeStation(state, station("A"), "A", Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();
    expect(sent.map((delivery) => delivery.transition)).toEqual(["opened", "resolved"]);
    await pass(10 * second);
    expect(sent).toHaveLength(2);
  });

  it("opens an alert for the Manager unreachable", async () => {
    const memory = memoryStore();
    memory.addRule("managerUnreachable", 3);
    const alerts = start(memory);
    const state = newObserverState();
    alerts.setHolding(true);
    observeFleet(state, [station("A")], Date.now());
    observeNothing(state, Date.now(), "managerUnreachable");
    alerts.observe(state, Date.now());
    await pass(5 * second);
    expect(memory.alerts).toMatchObject([{ kind: "managerUnreachable", serialNumber: "", since: t0 }]);
  });

  it("evaluates nothing before the sampler has read anything under its lease, nor while it does not hold it", async () => {
    const memory = memoryStore();
    memory.addRule("stationStopped", 0);
    memory.alerts.push({
      id: "100",
      ruleId: memory.rules[0]!.id,
      kind: "stationStopped",
      serialNumber: "A",
      stationName: "Hall A",
      subject: "",
      subjectName: null,
      since: t0 - 60 * second,
      openedAt: t0 - 30 * second,
      resolvedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    const alerts = start(memory);
    const empty = newObserverState();
    // Not holding: what it is shown counts for nothing.
    alerts.observe(empty, Date.now());
    await pass(3 * second);
    alerts.setHolding(true);
    await pass(3 * second);
    expect(memory.alerts[0]!.resolvedAt).toBeNull();
    observeFleet(empty, [station("A")], Date.now());
    alerts.observe(empty, Date.now());
    await pass(2 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();

    // Lost and taken again: the old state is not evaluated until the sampler reads again.
    const stopped = newObserverState();
    observeFleet(stopped, [station("B")], Date.now());
    observeStation(stopped, station("B", false), "B", Date.now());
    alerts.observe(stopped, Date.now());
    alerts.setHolding(false);
    await pass(3 * second);
    alerts.setHolding(true);
    await pass(3 * second);
    expect(memory.alerts.filter((alert) => alert.serialNumber === "B")).toEqual([]);
  });

  it("retries a delivery the receiver refuses, with a doubling delay, until it takes it", async () => {
    const memory = memoryStore();
    const answers = [500, 503, 200];
    const attemptsAt: number[] = [];
    start(memory, {
      send: async () => {
        attemptsAt.push(Date.now());
        return { status: answers.shift() ?? 200, error: null, durationMs: 5 };
      },
    }).setHolding(true);
    memory.queueTests(1, Date.now());
    await pass(60 * second);
    const [delivery] = memory.deliveries;
    expect(delivery!.tried.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(delivery!.state).toBe("delivered");
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(10 * second);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(20 * second);
  });

  it("gives a delivery up as failed once its retries would pass the hour", async () => {
    const memory = memoryStore();
    start(memory, { send: async () => ({ status: null, error: "timeout", durationMs: 5000 }) }).setHolding(true);
    memory.queueTests(1, Date.now());
    await pass(2 * 3600 * second);
    const [delivery] = memory.deliveries;
    expect(delivery!.state).toBe("failed");
    expect(delivery!.tried.length).toBe(9);
    expect(delivery!.tried.every((attempt) => attempt.error === "timeout" && attempt.status === null)).toBe(true);
    expect(delivery!.tried.at(-1)!.at - t0).toBeLessThanOrEqual(3600 * second);
  });

  it("sends at most 4 deliveries at once, 2 to one destination, without holding up the evaluation", async () => {
    const memory = memoryStore();
    memory.addRule("stationStopped", 0);
    let inFlight = 0;
    let most = 0;
    const waiting: (() => void)[] = [];
    const alerts = start(memory, {
      send: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => waiting.push(resolve));
        inFlight -= 1;
        return { status: 200, error: null, durationMs: 5 } satisfies AttemptResult;
      },
    });
    alerts.setHolding(true);
    memory.queueTests(3, Date.now(), "d1");
    memory.queueTests(3, Date.now(), "d2");
    await pass(3 * second);
    expect(most).toBe(4);
    // A station stops meanwhile: its alert opens while the receivers still have not answered.
    const state = newObserverState();
    observeFleet(state, [station("A")], Date.now());
    observeStation(state, station("A", false), "A", Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    expect(memory.alerts).toHaveLength(1);
    while (waiting.length > 0) {
      for (const answer of waiting.splice(0)) answer();
      await pass(second);
    }
    expect(most).toBe(4);
    expect(memory.deliveries.map((delivery) => delivery.state)).toEqual(Array(7).fill("delivered"));
  });

  it("does not send again a delivery whose attempt was recorded while the due ones were being read", async () => {
    const memory = memoryStore();
    memory.slow.dueMs = 500;
    let sends = 0;
    start(memory, {
      send: async () => {
        sends += 1;
        // Answered while the next tick's read of the due deliveries is under way.
        await new Promise((resolve) => setTimeout(resolve, 1200));
        return { status: 200, error: null, durationMs: 1200 };
      },
    }).setHolding(true);
    memory.queueTests(1, Date.now());
    await pass(10 * second);
    expect(sends).toBe(1);
    expect(memory.deliveries[0]).toMatchObject({ state: "delivered", attempts: 1 });
  });

  it("logs a store that fails and tries again on the next tick", async () => {
    const memory = memoryStore();
    memory.addRule("stationStopped", 0);
    memory.failing.evaluate = 3;
    const alerts = start(memory);
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [station("A")], Date.now());
    observeStation(state, station("A", false), "A", Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    expect(memory.alerts).toEqual([]);
    expect(errors).toEqual(["The alerts could not be evaluated; the next tick tries again"]);
    await pass(3 * second);
    expect(memory.alerts).toMatchObject([{ serialNumber: "A" }]);
    // Logged when it began failing, not once a tick.
    expect(errors).toHaveLength(1);
  });

  it("removes what is past the listening history's retention, hourly", async () => {
    const memory = memoryStore();
    start(memory).setHolding(true);
    await pass(3 * 3600 * second);
    expect(memory.removals.length).toBe(3);
    expect(memory.removals[0]).toBe(t0 + 60 * second - 400 * 86_400 * second);
  });

  it("stops with a delivery in flight without recording it: the next holder sends it again", async () => {
    const memory = memoryStore();
    const alerts = start(memory, {
      send: (_delivery, options) =>
        new Promise((resolve) =>
          options.signal!.addEventListener("abort", () => resolve({ status: null, error: "stopped", durationMs: 1 })),
        ),
    });
    alerts.setHolding(true);
    memory.queueTests(1, Date.now());
    await pass(2 * second);
    engine = null;
    await alerts.stop();
    expect(memory.deliveries[0]).toMatchObject({ state: "pending", attempts: 0, tried: [] });
  });
});

/** The rollouts and listening events the engine reads, counting the reads; `failing` makes them throw. */
function recordSources() {
  const reads = { rollouts: 0, events: [] as TimeRange[] };
  const held = { rollouts: [] as Rollout[], events: [] as ListeningEvent[], failing: false };
  const sources: AlertRecordSources = {
    rollouts: {
      list: async (_page, filter) => {
        reads.rollouts += 1;
        if (held.failing) throw new Error("database away");
        const rows = held.rollouts.filter((rollout) => filter?.states?.includes(rollout.state) ?? true);
        return { rows, total: rows.length };
      },
    },
    listeningEvents: {
      overlapping: async (range) => {
        reads.events.push(range);
        if (held.failing) throw new Error("database away");
        return held.events;
      },
    },
  };
  return { sources, reads, held };
}

function pausedRollout(id: string, serialNumber: string, pausedAt: number): Rollout {
  return {
    id,
    createdAt: new Date(pausedAt - 600 * second).toISOString(),
    createdBy: ada,
    updatedAt: new Date(pausedAt).toISOString(),
    state: "paused",
    options: {
      versions: { "2": "6.3.0" },
      firstWaveSize: 1,
      waveSize: 5,
      stationTimeoutMs: 600_000,
      updateNow: false,
      eulaAcceptedAt: null,
    },
    reason: { code: "stationFailed", serialNumber, detail: "UpdateFailed" },
    currentWave: 0,
    endedAt: null,
    stationCounts: { waiting: 3, updating: 0, done: 0, failed: 1, skipped: 0, cancelled: 0 },
  };
}

const facts = (changes: Partial<ManagerFacts>): ManagerFacts => ({
  unauthorized: [],
  firmware: null,
  systemEvents: null,
  ...changes,
});

function withChannels(serialNumber: string, ...listeners: number[]): StationReading {
  return {
    serialNumber,
    name: `Hall ${serialNumber}`,
    running: true,
    channels: listeners.map((count, offset) => ({
      index: offset + 1,
      name: `Channel ${offset + 1}`,
      listeners: count,
    })),
  };
}

describe("the alert evaluator's other rules", () => {
  it("asks the sampler for everything until it knows the rules, then for what they watch", async () => {
    const memory = memoryStore();
    memory.addRule("stationStopped", 60);
    const alerts = start(memory);
    alerts.setHolding(true);
    expect(alerts.needs()).toEqual({ firmware: true, systemEvents: true });
    const state = newObserverState();
    observeFleet(state, [station("A")], Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    expect(alerts.needs()).toEqual({ firmware: false, systemEvents: false });
    memory.addRule("fingerprintChanged", 60);
    await pass(6 * second);
    expect(alerts.needs()).toEqual({ firmware: false, systemEvents: true });
    // Taken again: not known until read again.
    alerts.setHolding(false);
    alerts.setHolding(true);
    expect(alerts.needs()).toEqual({ firmware: true, systemEvents: true });
  });

  it("opens an alert for a station waiting to be authorized, and resolves it once it is not", async () => {
    const memory = memoryStore();
    memory.addRule("stationUnauthorized", 5, ["A"]);
    const alerts = start(memory);
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [station("A")], Date.now());
    alerts.observe(state, Date.now());
    const seenAt = Date.now();
    alerts.observeManager(facts({ unauthorized: [{ serialNumber: "NEW-1", name: null }] }), seenAt);
    await pass(4 * second);
    expect(memory.alerts).toEqual([]);
    await pass(2 * second);
    // A station asking to be authorized is not narrowed by the rule's stations.
    expect(memory.alerts).toMatchObject([
      { kind: "stationUnauthorized", serialNumber: "NEW-1", subject: "", since: seenAt, resolvedAt: null },
    ]);
    // The list could not be read: the alert stays.
    alerts.observeManager({ unauthorized: null, firmware: null, systemEvents: null }, Date.now());
    await pass(2 * second);
    expect(memory.alerts[0]!.resolvedAt).toBeNull();
    alerts.observeManager(facts({}), Date.now());
    await pass(2 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();
  });

  it("opens an alert for a failed firmware update named by its version, kept while the statuses cannot be read", async () => {
    const memory = memoryStore();
    memory.addRule("firmwareUpdateFailed", 0);
    memory.addRule("fingerprintChanged", 600);
    const alerts = start(memory);
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [station("A")], Date.now());
    alerts.observe(state, Date.now());
    const failed = {
      serialNumber: "A",
      stationType: 2 as const,
      currentVersion: "6.2.0",
      status: updateStatus.UpdateFailed,
      targetVersion: null,
      progress: null,
    };
    const event = {
      id: "e1",
      date: new Date(Date.now() - second).toISOString(),
      type: 2 as const,
      code: "firmwareUpdateFailed",
      parameters: { serialNumber: "A", stationName: "Hall A", version: "6.3.0" },
      stationSerialNumber: "A",
      isDismissable: true,
      isDismissed: false,
    };
    // Before the rules are known everything is read; the first round tells it all.
    alerts.observeManager(facts({ firmware: [failed], systemEvents: [event] }), Date.now());
    await pass(2 * second);
    expect(memory.alerts).toMatchObject([
      { kind: "firmwareUpdateFailed", serialNumber: "A", stationName: "Hall A", subjectName: "6.3.0" },
    ]);
    alerts.observeManager(facts({ firmware: null }), Date.now());
    await pass(2 * second);
    expect(memory.alerts[0]!.resolvedAt).toBeNull();
    alerts.observeManager(facts({ firmware: [{ ...failed, status: updateStatus.Current }] }), Date.now());
    await pass(2 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();
  });

  it("opens an alert for a channel emptied after it had listeners, per channel, and resolves it when listeners come back", async () => {
    const memory = memoryStore();
    memory.addRule("channelListenersZero", 3);
    const alerts = start(memory);
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [withChannels("A", 4, 0)], Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    observeFleet(state, [withChannels("A", 0, 0)], Date.now());
    alerts.observe(state, Date.now());
    await pass(second);
    const emptiedAt = Date.now();
    await pass(4 * second);
    // Channel 2 never had listeners: nothing for it.
    expect(memory.alerts).toMatchObject([
      {
        kind: "channelListenersZero",
        serialNumber: "A",
        subject: "channel:1",
        subjectName: "Channel 1",
        since: emptiedAt,
        resolvedAt: null,
      },
    ]);
    observeFleet(state, [withChannels("A", 1, 0)], Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();
  });

  it("keeps a channel alert open after a takeover while the channel stays empty", async () => {
    const memory = memoryStore();
    memory.addRule("channelListenersZero", 0);
    memory.alerts.push({
      id: "100",
      ruleId: memory.rules[0]!.id,
      kind: "channelListenersZero",
      serialNumber: "A",
      stationName: "Hall A",
      subject: "channel:1",
      subjectName: "Channel 1",
      since: t0 - 60 * second,
      openedAt: t0 - 30 * second,
      resolvedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    const alerts = start(memory);
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [withChannels("A", 0)], Date.now());
    alerts.observe(state, Date.now());
    await pass(10 * second);
    expect(memory.alerts).toHaveLength(1);
    expect(memory.alerts[0]!.resolvedAt).toBeNull();
  });

  it("alerts on an emptied channel during events only while one covers it, reading the events only for such a rule", async () => {
    const memory = memoryStore();
    memory.addRule("stationStopped", 0);
    const { sources, reads, held } = recordSources();
    const alerts = start(memory, { records: () => sources });
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [withChannels("A", 4), withChannels("B", 4)], Date.now());
    alerts.observe(state, Date.now());
    await pass(3 * second);
    expect(reads.events).toEqual([]);

    memory.addRule("channelListenersZero", 2, [], true);
    held.events = [
      {
        id: "1",
        title: "Matinee",
        startsAt: Date.now() - 60 * second,
        endsAt: Date.now() + 60 * second,
        scope: ["A/1"],
        createdBy: ada,
        createdAt: t0,
        updatedAt: t0,
      },
    ];
    await pass(5 * second);
    observeFleet(state, [withChannels("A", 0), withChannels("B", 0)], Date.now());
    alerts.observe(state, Date.now());
    await pass(4 * second);
    expect(memory.alerts.map((alert) => `${alert.serialNumber}/${alert.subject}`)).toEqual(["A/channel:1"]);
    // Read every few seconds, not every tick.
    const readsSoFar = reads.events.length;
    expect(readsSoFar).toBeGreaterThan(0);
    expect(readsSoFar).toBeLessThanOrEqual(3);
    // The event ends: the alert resolves.
    await pass(60 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();
  });

  it("leaves a during-events alert open while the events cannot be read", async () => {
    const memory = memoryStore();
    memory.addRule("channelListenersZero", 0, [], true);
    memory.alerts.push({
      id: "100",
      ruleId: memory.rules[0]!.id,
      kind: "channelListenersZero",
      serialNumber: "A",
      stationName: "Hall A",
      subject: "channel:1",
      subjectName: "Channel 1",
      since: t0 - 60 * second,
      openedAt: t0 - 30 * second,
      resolvedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    const { sources, held } = recordSources();
    held.failing = true;
    const alerts = start(memory, { records: () => sources });
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [withChannels("A", 0)], Date.now());
    alerts.observe(state, Date.now());
    await pass(10 * second);
    expect(memory.alerts[0]!.resolvedAt).toBeNull();
    expect(errors).toEqual(["The listening events could not be read for the alerts; the last read stands"]);
    // Read: no event covers it any more.
    held.failing = false;
    await pass(6 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();
  });

  it("opens an alert for a rollout paused on its own, and keeps it while the rollouts cannot be read", async () => {
    const memory = memoryStore();
    memory.addRule("rolloutPaused", 0);
    const { sources, reads, held } = recordSources();
    held.rollouts = [pausedRollout("7", "A", t0 - 10 * second)];
    const alerts = start(memory, { records: () => sources });
    alerts.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [station("A")], Date.now());
    alerts.observe(state, Date.now());
    await pass(2 * second);
    expect(memory.alerts).toMatchObject([
      {
        kind: "rolloutPaused",
        serialNumber: "A",
        stationName: "Hall A",
        subject: "rollout:7",
        subjectName: "6.3.0",
        since: t0 - 10 * second,
      },
    ]);
    held.failing = true;
    held.rollouts = [];
    await pass(10 * second);
    expect(memory.alerts[0]!.resolvedAt).toBeNull();
    expect(errors).toEqual(["The rollouts could not be read for the alerts; the last read stands"]);
    held.failing = false;
    await pass(6 * second);
    expect(memory.alerts[0]!.resolvedAt).not.toBeNull();
    expect(reads.rollouts).toBeLessThanOrEqual(6);
  });
});
