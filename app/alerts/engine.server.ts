// The alert evaluator (issue 36): runs beside the listening sampler, in the one process of all
// workers and instances that holds the sampler's lease (sampler.server.ts), and only while it
// holds it. The sampler hands it its state after everything it takes in; once a second the engine
// works out the conditions holding, opens and resolves alerts through the store (which queues a
// delivery of each change to every webhook), sends what is due and records every attempt.
//
// Its own timer, never the sampler's: a slow receiver or database delays alerts, never the
// listening history. Deliveries go out at most 4 at a time and are not waited for by the next
// evaluation. A store that fails is logged and tried again on the next tick; the conditions live
// in the sampler's state meanwhile. After taking the lease nothing is evaluated before the sampler
// has read the Manager once: a state restored from the records alone would say nothing of what
// changed while nobody sampled.
import type { ObserverState } from "~/listening/observer";
import { observability } from "~/observability.server";
import type { Alert, AlertRule, AlertStore, DeliveryState, DueDelivery } from "~/records/alerts";
import { getRuntime } from "~/runtime.server";
import { conditionsOf, evaluate } from "./evaluate";
import { alertBody } from "./payload";
import { delivered, nextAttemptAt, sendDelivery, type AttemptResult, type SendOptions } from "./webhook.server";

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

export interface AlertEngineSettings {
  allowPrivateWebhooks: boolean;
  /** The first retry's delay; each next one doubles. */
  retryBaseMs: number;
  /** Resolved alerts and finished deliveries are kept this long (the listening history's days). */
  retentionDays: number;
}

export interface AlertEngineOptions {
  /** The alerts' store; by default the records store's (none: the engine does nothing). */
  store?: () => AlertStore | null;
  settings?: () => AlertEngineSettings;
  /** How often it evaluates and sends what is due. */
  tickMs?: number;
  /** How often the rules (and the open alerts) are read again. */
  rulesEveryMs?: number;
  retentionEveryMs?: number;
  /** Deliveries in flight at once. */
  inFlight?: number;
  send?: (delivery: DueDelivery, options: SendOptions) => Promise<AttemptResult>;
  clock?: () => number;
}

export interface AlertEngine {
  /** The sampler's state after it took something in (a round, a push, a gap), at `now`. */
  observe(state: ObserverState, now: number): void;
  /** The sampler took its lease (again: start afresh) or lost it. */
  setHolding(holding: boolean): void;
  /** Stops evaluating; deliveries in flight end unrecorded (the next holder sends them again). */
  stop(): Promise<void>;
}

const dueTake = 20;
/** A failing store is logged when it starts failing and then once a minute, not every second. */
const failureLogEveryMs = minuteMs;

function defaultStore(): AlertStore | null {
  return getRuntime().records?.alerts ?? null;
}

function defaultSettings(): AlertEngineSettings {
  const { config } = getRuntime();
  return {
    allowPrivateWebhooks: config.alerts.allowPrivateWebhooks,
    retryBaseMs: config.alerts.retryBaseMs,
    retentionDays: config.listening.retentionDays,
  };
}

export function startAlertEngine(options: AlertEngineOptions = {}): AlertEngine {
  const storeOf = options.store ?? defaultStore;
  const settingsOf = options.settings ?? defaultSettings;
  const tickMs = options.tickMs ?? 1000;
  const rulesEveryMs = options.rulesEveryMs ?? 5000;
  const retentionEveryMs = options.retentionEveryMs ?? 60 * minuteMs;
  const mostInFlight = options.inFlight ?? 4;
  const send = options.send ?? sendDelivery;
  const clock = options.clock ?? Date.now;

  let stopped = false;
  let holding = false;
  /** The sampler's state (it changes in place); null until it has read something under this lease. */
  let observed: ObserverState | null = null;
  let namesStale = false;
  /** Station names last seen, for a station that has left the list since. */
  let names = new Map<string, string | null>();
  /** Stations not running without an outage (stopped before the sampler saw them): since when seen so. */
  const stoppedWhenSeen = new Map<string, number>();
  let rules: AlertRule[] | null = null;
  let openAlerts: Alert[] | null = null;
  let nextReadAt = 0;
  let nextRetentionAt = 0;
  /** When each kind of failure was last logged. */
  const failuresLoggedAt = new Map<string, number>();
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /**
   * Deliveries whose attempt was recorded while the due ones were being read: that read may have
   * begun before the record and return them as they were, still pending.
   */
  let settledDuringRead = new Set<string>();

  function failed(error: unknown, message: string) {
    const now = clock();
    if (now - (failuresLoggedAt.get(message) ?? Number.NEGATIVE_INFINITY) < failureLogEveryMs) return;
    failuresLoggedAt.set(message, now);
    observability().error(error, message);
  }

  function refreshNames(state: ObserverState) {
    const next = new Map<string, string | null>();
    for (const [serialNumber, station] of state.stations) next.set(serialNumber, station.stationName);
    for (const serialNumber of state.outages.keys()) {
      if (!next.has(serialNumber) && names.has(serialNumber)) next.set(serialNumber, names.get(serialNumber)!);
    }
    names = next;
  }

  async function evaluateNow(store: AlertStore, now: number) {
    if (!observed) return;
    if (namesStale) {
      refreshNames(observed);
      namesStale = false;
    }
    for (const [serialNumber, station] of observed.stations) {
      if (station.running || observed.outages.has(serialNumber)) stoppedWhenSeen.delete(serialNumber);
      else if (!stoppedWhenSeen.has(serialNumber)) stoppedWhenSeen.set(serialNumber, now);
    }
    for (const serialNumber of stoppedWhenSeen.keys())
      if (!observed.stations.has(serialNumber)) stoppedWhenSeen.delete(serialNumber);
    const conditions = conditionsOf(observed, now, names, stoppedWhenSeen);
    try {
      if (rules === null || openAlerts === null || now >= nextReadAt) {
        [rules, openAlerts] = await Promise.all([store.rules.list(), store.alerts.open()]);
        nextReadAt = now + rulesEveryMs;
      }
      const changes = evaluate(rules, conditions, openAlerts, now);
      if (changes.open.length === 0 && changes.resolve.length === 0) return;
      const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
      await store.alerts.apply(changes, now, (alert, transition, deliveryId) =>
        alertBody(alert, transition, deliveryId, ruleById.get(alert.ruleId)),
      );
      openAlerts = await store.alerts.open();
    } catch (error) {
      // Read again on the next tick: what the failed change did is not known.
      rules = null;
      openAlerts = null;
      failed(error, "The alerts could not be evaluated; the next tick tries again");
    }
  }

  function deliver(store: AlertStore, delivery: DueDelivery) {
    const controller = new AbortController();
    const attempt = delivery.attempts + 1;
    const done = (async () => {
      const at = clock();
      const settings = settingsOf();
      const result = await send(delivery, { allowPrivate: settings.allowPrivateWebhooks, signal: controller.signal });
      // Ended by stop(): not an attempt the receiver answered; the next holder sends it again.
      if (result.error === "stopped") return;
      let next: { state: DeliveryState; nextAttemptAt: number | null };
      if (delivered(result)) {
        next = { state: "delivered", nextAttemptAt: null };
      } else {
        const retryAt =
          result.error === "refused: invalid URL"
            ? null
            : nextAttemptAt(delivery.createdAt, attempt, clock(), settings.retryBaseMs);
        next =
          retryAt === null ? { state: "failed", nextAttemptAt: null } : { state: "pending", nextAttemptAt: retryAt };
        if (retryAt === null) {
          observability().warn("A webhook delivery failed for good", {
            deliveryId: delivery.id,
            destination: delivery.destinationName,
            attempts: attempt,
            status: result.status,
            error: result.error,
          });
        }
      }
      await store.deliveries.recordAttempt({ deliveryId: delivery.id, attempt, at, ...result }, next);
    })()
      .catch((error: unknown) => failed(error, "A webhook delivery's attempt could not be recorded"))
      .finally(() => {
        inFlight.delete(delivery.id);
        settledDuringRead.add(delivery.id);
      });
    inFlight.set(delivery.id, { controller, done });
  }

  async function deliverDue(store: AlertStore, now: number) {
    if (inFlight.size >= mostInFlight) return;
    let due: DueDelivery[];
    settledDuringRead = new Set();
    try {
      due = await store.deliveries.due(now, dueTake);
    } catch (error) {
      failed(error, "The webhook deliveries due could not be read; the next tick tries again");
      return;
    }
    for (const delivery of due) {
      if (inFlight.size >= mostInFlight || stopped || !holding) break;
      // Still pending in the store until its attempt is recorded.
      if (!inFlight.has(delivery.id) && !settledDuringRead.has(delivery.id)) deliver(store, delivery);
    }
  }

  async function removeOld(store: AlertStore, now: number) {
    if (now < nextRetentionAt) return;
    try {
      await store.removeOlderThan(now - settingsOf().retentionDays * dayMs);
      nextRetentionAt = now + retentionEveryMs;
    } catch (error) {
      nextRetentionAt = now + minuteMs;
      failed(error, "Old alerts and deliveries could not be removed; tried again in a minute");
    }
  }

  async function tick() {
    if (!holding) return;
    const store = storeOf();
    if (!store) return;
    await evaluateNow(store, clock());
    if (!holding) return;
    await deliverDue(store, clock());
    if (!holding) return;
    await removeOld(store, clock());
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  function schedule() {
    if (stopped) return;
    // The next tick after this one ends: a slow database delays it instead of piling ticks up.
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => failed(error, "The alert evaluator's step failed; the next one tries again"))
        .finally(schedule);
    }, tickMs);
    timer.unref();
  }
  schedule();

  return {
    observe(state, _now) {
      if (!holding || stopped) return;
      // Only kept: the conditions are worked out on the next tick, at most once a second,
      // however many pushes come in meanwhile.
      observed = state;
      namesStale = true;
    },
    setHolding(next) {
      if (!next && !holding) return;
      holding = next;
      observed = null;
      names = new Map();
      stoppedWhenSeen.clear();
      rules = null;
      openAlerts = null;
      nextReadAt = 0;
      // Like the sampler's retention: not at once on every takeover.
      nextRetentionAt = clock() + minuteMs;
    },
    async stop() {
      stopped = true;
      holding = false;
      if (timer) clearTimeout(timer);
      await running;
      const sending = [...inFlight.values()];
      for (const { controller } of sending) controller.abort();
      await Promise.all(sending.map(({ done }) => done));
    },
  };
}
