import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  newObserverState,
  observeFleet,
  observeNothing,
  observeStation,
  type StationReading,
} from "~/listening/observer";
import { setObservability, type ConsoleObservability } from "~/observability.server";
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
import { startAlertEngine, type AlertEngine, type AlertEngineOptions } from "./engine.server";
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

/** The store as the engine uses it, in memory: one destination, every change queued to it. */
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

  function queue(alertId: string | null, transition: DeliveryTransition, now: number, body: (id: string) => string) {
    const deliveryId = id();
    deliveries.push({
      id: deliveryId,
      destinationId: "d1",
      destinationName: "Pager",
      alertId,
      transition,
      idempotencyKey: alertId === null ? `test:${deliveryId}` : `${alertId}:${transition}`,
      createdAt: now,
      state: "pending",
      attempts: 0,
      nextAttemptAt: now,
      url: "https://pager.example/hook",
      secret: "pager-secret-0123456789",
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
              alert.resolvedAt === null && alert.ruleId === change.ruleId && alert.serialNumber === change.serialNumber,
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
    addRule(kind: AlertRule["kind"], graceSeconds: number, stations: string[] = []) {
      rules.push({ id: id(), kind, graceSeconds, stations, createdBy: ada, createdAt: t0 - 3600 * second });
    },
    queueTests(count: number, now: number) {
      for (let index = 0; index < count; index += 1) queue(null, "test", now, (deliveryId) => `{"test":${deliveryId}}`);
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
} satisfies ConsoleObservability;

let engine: AlertEngine | null = null;

function start(memory: ReturnType<typeof memoryStore>, options: Partial<AlertEngineOptions> = {}) {
  engine = startAlertEngine({
    store: () => memory.store,
    settings: () => ({ allowPrivateWebhooks: false, retryBaseMs: 10 * second, retentionDays: 400 }),
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

  it("sends at most 4 deliveries at once, without holding up the evaluation", async () => {
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
    memory.queueTests(6, Date.now());
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
