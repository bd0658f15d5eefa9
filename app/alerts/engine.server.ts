// The alert evaluator (issue 36): runs beside the listening sampler, in the one process of all
// workers and instances that holds the sampler's lease (sampler.server.ts), and only while it
// holds it. The sampler hands it its state after everything it takes in, and after each round what
// it read of the Manager for the rules (manager-facts.ts); once a second the engine works out the
// conditions holding, opens and resolves alerts through the store (which queues a delivery of each
// change to every webhook), sends what is due and records every attempt. The rollouts and the
// listening events it reads from the records itself, every few seconds, only while a rule needs them.
//
// Its own timer, never the sampler's: a slow receiver or database delays alerts, never the
// listening history. Deliveries go out at most 4 at a time and are not waited for by the next
// evaluation. A store that fails is logged and tried again on the next tick; the conditions live
// in the sampler's state meanwhile. After taking the lease nothing is evaluated before the sampler
// has read the Manager once: a state restored from the records alone would say nothing of what
// changed while nobody sampled.
import { eventScopedKinds } from "~/domain/alert-rules";
import type { ObserverState } from "~/listening/observer";
import { observability } from "~/observability.server";
import type { Alert, AlertRule, AlertStore, DueDelivery } from "~/records/alerts";
import type { ListeningEvent, ListeningEvents } from "~/records/listening";
import type { Rollout, RolloutStore } from "~/records/rollouts";
import { getRuntime } from "~/runtime.server";
import {
  channelConditions,
  channelEntry,
  conditionsOf,
  evaluate,
  nextChannelMemory,
  type AlertCondition,
  type ChannelMemory,
} from "./evaluate";
import {
  factConditions,
  factsNeededBy,
  noFacts,
  unknownKinds,
  withFacts,
  type FactsNeeded,
  type KnownFacts,
  type ManagerFacts,
} from "./manager-facts";
import { alertBody } from "./payload";
import { createDispatcher, type SendEmail } from "./dispatcher.server";
import { sendDelivery, type AttemptResult, type SendOptions } from "./webhook.server";

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

export interface AlertEngineSettings {
  allowPrivateWebhooks: boolean;
  /** The first retry's delay; each next one doubles. */
  retryBaseMs: number;
  /** Alert e-mail's SMTP URL (null: e-mail destinations' deliveries fail, "e-mail is off"). */
  smtpUrl: string | null;
  emailFrom: string;
  /** How long a new e-mail delivery waits for more alerts to join its message. */
  emailGroupMs: number;
  /** Resolved alerts and finished deliveries are kept this long (the listening history's days). */
  retentionDays: number;
}

/** The records the rules watch beside the alerts' own. */
export interface AlertRecordSources {
  rollouts: Pick<RolloutStore, "list">;
  listeningEvents: Pick<ListeningEvents, "overlapping">;
}

export interface AlertEngineOptions {
  /** The alerts' store; by default the records store's (none: the engine does nothing). */
  store?: () => AlertStore | null;
  /** The rollouts and listening events; by default the records store's. */
  records?: () => AlertRecordSources | null;
  settings?: () => AlertEngineSettings;
  /** How often it evaluates and sends what is due. */
  tickMs?: number;
  /** How often the rules (and the open alerts) are read again. */
  rulesEveryMs?: number;
  /** How often the rollouts and listening events are read again while a rule needs them. */
  recordsEveryMs?: number;
  retentionEveryMs?: number;
  /** Deliveries in flight at once. */
  inFlight?: number;
  send?: (delivery: DueDelivery, options: SendOptions) => Promise<AttemptResult>;
  /** Sends one e-mail message telling a group of deliveries (tests replace it). */
  sendEmail?: SendEmail;
  clock?: () => number;
}

export interface AlertEngine {
  /** The sampler's state after it took something in (a round, a push, a gap), at `now`. */
  observe(state: ObserverState, now: number): void;
  /** What the sampler read of the Manager for the rules after a round, at `now`. */
  observeManager(facts: ManagerFacts, now: number): void;
  /** What the sampler is to read for the rules (everything until they are known). */
  needs(): FactsNeeded;
  /** The sampler took its lease (again: start afresh) or lost it. */
  setHolding(holding: boolean): void;
  /** Stops evaluating; deliveries in flight end unrecorded (the next holder sends them again). */
  stop(): Promise<void>;
}

/** A failing store is logged when it starts failing and then once a minute, not every second. */
const failureLogEveryMs = minuteMs;

function defaultStore(): AlertStore | null {
  return getRuntime().records?.alerts ?? null;
}

function defaultRecords(): AlertRecordSources | null {
  const records = getRuntime().records;
  return records ? { rollouts: records.rollouts, listeningEvents: records.listening.events } : null;
}

/** Paused rollouts read at once: far more than a venue runs. */
const rolloutsTake = 100;

const needsEverything: FactsNeeded = { firmware: true, systemEvents: true };

function defaultSettings(): AlertEngineSettings {
  const { config } = getRuntime();
  return {
    allowPrivateWebhooks: config.alerts.allowPrivateWebhooks,
    retryBaseMs: config.alerts.retryBaseMs,
    smtpUrl: config.alerts.smtpUrl,
    emailFrom: config.alerts.emailFrom,
    emailGroupMs: config.alerts.emailGroupMs,
    retentionDays: config.listening.retentionDays,
  };
}

export function startAlertEngine(options: AlertEngineOptions = {}): AlertEngine {
  const storeOf = options.store ?? defaultStore;
  const settingsOf = options.settings ?? defaultSettings;
  const tickMs = options.tickMs ?? 1000;
  const rulesEveryMs = options.rulesEveryMs ?? 5000;
  const recordsOf = options.records ?? defaultRecords;
  const recordsEveryMs = options.recordsEveryMs ?? 5000;
  const retentionEveryMs = options.retentionEveryMs ?? 60 * minuteMs;
  const mostInFlight = options.inFlight ?? 4;
  const send = options.send ?? sendDelivery;
  const clock = options.clock ?? Date.now;

  let stopped = false;
  let holding = false;
  /** The sampler's state (it changes in place); null until it has read something under this lease. */
  let observed: ObserverState | null = null;
  let namesStale = false;
  /** The sampler saw something (or the open alerts were read) since the channels' memory was made. */
  let memoryStale = true;
  /** Station names last seen, for a station that has left the list since. */
  let names = new Map<string, string | null>();
  /** Stations not running without an outage (stopped before the sampler saw them): since when seen so. */
  const stoppedWhenSeen = new Map<string, number>();
  /** Each running station's channels: their last count, and since when they are empty. */
  let channels = new Map<string, ChannelMemory>();
  /** What the sampler last read of the Manager for the rules. */
  let facts: KnownFacts = noFacts;
  let needed: FactsNeeded = needsEverything;
  /** Null: not read (no rule needs them, or nothing could be read yet). */
  let rollouts: Rollout[] | null = null;
  let listeningEvents: ListeningEvent[] | null = null;
  let nextRolloutsReadAt = 0;
  let nextEventsReadAt = 0;
  let rules: AlertRule[] | null = null;
  let openAlerts: Alert[] | null = null;
  let nextReadAt = 0;
  let nextRetentionAt = 0;
  /** When each kind of failure was last logged. */
  const failuresLoggedAt = new Map<string, number>();
  const dispatcher = createDispatcher({
    settings: settingsOf,
    inFlight: mostInFlight,
    send,
    sendEmail: options.sendEmail,
    clock,
    failed,
    active: () => !stopped && holding,
  });

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

  function noteStopped(state: ObserverState, now: number) {
    for (const [serialNumber, station] of state.stations) {
      if (station.running || state.outages.has(serialNumber)) stoppedWhenSeen.delete(serialNumber);
      else if (!stoppedWhenSeen.has(serialNumber)) stoppedWhenSeen.set(serialNumber, now);
    }
    for (const serialNumber of stoppedWhenSeen.keys())
      if (!state.stations.has(serialNumber)) stoppedWhenSeen.delete(serialNumber);
  }

  /** The start of each open channel alert, by channel: kept when this process never saw the count above 0. */
  function openChannelSince(alerts: readonly Alert[]): Map<string, number> {
    const since = new Map<string, number>();
    for (const alert of alerts) {
      const index = /^channel:(\d+)$/.exec(alert.subject)?.[1];
      if (alert.kind !== "channelListenersZero" || index === undefined) continue;
      const entry = channelEntry(alert.serialNumber, Number(index));
      since.set(entry, Math.min(since.get(entry) ?? alert.since, alert.since));
    }
    return since;
  }

  function nameOf(state: ObserverState) {
    const waiting = new Map((facts.unauthorized ?? []).map((station) => [station.serialNumber, station.name]));
    return (serialNumber: string) =>
      state.stations.get(serialNumber)?.stationName ?? names.get(serialNumber) ?? waiting.get(serialNumber) ?? null;
  }

  function conditionsNow(state: ObserverState, current: readonly AlertRule[], now: number): AlertCondition[] {
    // Every channel of the venue, walked only for a rule that watches channels (10,000 at 5,000 stations).
    const watchesChannels = current.some((rule) => rule.kind === "channelListenersZero");
    return [
      ...conditionsOf(state, now, names, stoppedWhenSeen),
      ...(watchesChannels ? channelConditions(state, channels, listeningEvents ?? [], now) : []),
      ...factConditions(facts, rollouts, nameOf(state)),
    ];
  }

  /** Rules whose conditions cannot be told: their facts, or the events they hold during, not read. */
  function unknownRule(): (rule: AlertRule) => boolean {
    const kinds = unknownKinds(facts, rollouts);
    return (rule) =>
      kinds.has(rule.kind) ||
      (rule.duringEventsOnly && eventScopedKinds.includes(rule.kind) && listeningEvents === null);
  }

  /** The rollouts and listening events, when a rule needs them and they are due; a failed read keeps the last. */
  async function readRecords(current: readonly AlertRule[], now: number) {
    const wantsRollouts = current.some((rule) => rule.kind === "rolloutPaused");
    const wantsEvents = current.some((rule) => rule.duringEventsOnly && eventScopedKinds.includes(rule.kind));
    // Forgotten while no rule needs them: stale by the time one does.
    if (!wantsRollouts) {
      rollouts = null;
      nextRolloutsReadAt = 0;
    }
    if (!wantsEvents) {
      listeningEvents = null;
      nextEventsReadAt = 0;
    }
    if (!wantsRollouts && !wantsEvents) return;
    const records = recordsOf();
    if (!records) return;
    const reads: Promise<void>[] = [];
    if (wantsRollouts && now >= nextRolloutsReadAt) {
      nextRolloutsReadAt = now + recordsEveryMs;
      reads.push(
        records.rollouts.list({ skip: 0, take: rolloutsTake }, { states: ["paused"] }).then(
          (page) => {
            rollouts = page.rows;
          },
          (error: unknown) => failed(error, "The rollouts could not be read for the alerts; the last read stands"),
        ),
      );
    }
    if (wantsEvents && now >= nextEventsReadAt) {
      nextEventsReadAt = now + recordsEveryMs;
      // Those starting before the next read as well: each is told by its own times at each tick.
      reads.push(
        records.listeningEvents.overlapping({ from: now, to: now + recordsEveryMs + tickMs }).then(
          (events) => {
            listeningEvents = events;
          },
          (error: unknown) =>
            failed(error, "The listening events could not be read for the alerts; the last read stands"),
        ),
      );
    }
    await Promise.all(reads);
  }

  async function evaluateNow(store: AlertStore, now: number) {
    if (!observed) return;
    if (namesStale) {
      refreshNames(observed);
      namesStale = false;
    }
    noteStopped(observed, now);
    try {
      if (rules === null || openAlerts === null || now >= nextReadAt) {
        [rules, openAlerts] = await Promise.all([store.rules.list(), store.alerts.open()]);
        nextReadAt = now + rulesEveryMs;
        needed = factsNeededBy(rules.map((rule) => rule.kind));
        memoryStale = true;
      }
      await readRecords(rules, now);
      // Made again only after something new: without it, every channel's memory would be the same.
      if (memoryStale) {
        channels = nextChannelMemory(channels, observed, now, openChannelSince(openAlerts));
        memoryStale = false;
      }
      const changes = evaluate(rules, conditionsNow(observed, rules, now), openAlerts, now, unknownRule());
      if (changes.open.length === 0 && changes.resolve.length === 0) return;
      const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
      await store.alerts.apply(
        changes,
        now,
        (alert, transition, deliveryId) => alertBody(alert, transition, deliveryId, ruleById.get(alert.ruleId)),
        now + settingsOf().emailGroupMs,
      );
      openAlerts = await store.alerts.open();
    } catch (error) {
      // Read again on the next tick: what the failed change did is not known.
      rules = null;
      openAlerts = null;
      failed(error, "The alerts could not be evaluated; the next tick tries again");
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
    await dispatcher.deliverDue(store, clock());
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
      memoryStale = true;
    },
    observeManager(next, now) {
      if (!holding || stopped) return;
      facts = withFacts(facts, next, now, needed);
    },
    needs() {
      return { ...needed };
    },
    setHolding(next) {
      if (!next && !holding) return;
      holding = next;
      observed = null;
      names = new Map();
      stoppedWhenSeen.clear();
      channels = new Map();
      memoryStale = true;
      facts = noFacts;
      needed = needsEverything;
      rollouts = null;
      listeningEvents = null;
      nextRolloutsReadAt = 0;
      nextEventsReadAt = 0;
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
      await dispatcher.stop();
    },
  };
}
