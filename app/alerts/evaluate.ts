// What the alert rules make of the listening sampler's state (issue 36): which conditions hold now,
// and which alerts that opens and resolves. Pure: the evaluator (engine.server.ts) feeds it the
// state the sampler keeps, the stored rules and the open alerts, and stores what it returns. The
// conditions of what the sampler reads beside the counts (the Manager's firmware statuses, events
// and waiting stations) and of the rollouts come from manager-facts.ts.
//
// A condition's start comes from what the sampler stores — an open outage's start, the open gap's
// start — not from when this process first saw it. A process that takes the sampler's lease over
// restores them from the records, so the grace period already served under the old holder counts,
// and an alert opens at the moment it would have without the takeover.
import { eventScopedKinds, stationScopedKinds } from "~/domain/alert-rules";
import type { ObserverState } from "~/listening/observer";
import type { Alert, AlertRule, AlertRuleKind, NewAlert } from "~/records/alerts";
import type { ListeningEvent } from "~/records/listening";

/** Something a rule may alert on, holding now. */
export interface AlertCondition {
  kind: AlertRuleKind;
  /** The station; "" for the Manager (or a rollout that names none). */
  serialNumber: string;
  stationName: string | null;
  /** What within or beside the station: "", `channel:<index>` or `rollout:<id>` (as `Alert.subject`). */
  subject: string;
  /** The channel's name, the firmware version, the rollout's versions; null when not known. */
  subjectName: string | null;
  /** When it began. */
  since: number;
  /**
   * A channel's only: when the listening events covering it now began (the earliest of them);
   * null when none covers it. A rule that holds only during events ignores it while null.
   */
  eventSince?: number | null;
}

export interface AlertChanges {
  open: NewAlert[];
  /** Ids of open alerts to resolve. */
  resolve: string[];
}

/**
 * The conditions holding at `now`: a station stopped or gone (an outage the sampler keeps open
 * until it runs again), and the Manager unreachable (the sampler's gap for that reason).
 * `formerNames`: names of stations seen before, for one that left the station list (the sampler
 * forgets a station that is no longer listed, but its outage stays open).
 */
export function conditionsOf(
  state: ObserverState,
  now: number,
  formerNames: ReadonlyMap<string, string | null> = new Map(),
  stoppedWhenSeen: ReadonlyMap<string, number> = new Map(),
): AlertCondition[] {
  const conditions: AlertCondition[] = [];
  const open = (endsAt: number | null) => endsAt === null || endsAt > now;
  const stopped = (serialNumber: string, stationName: string | null, since: number): AlertCondition => ({
    kind: "stationStopped",
    serialNumber,
    stationName,
    subject: "",
    subjectName: null,
    since,
  });
  for (const [serialNumber, outage] of state.outages) {
    if (!open(outage.endsAt)) continue;
    const stationName = state.stations.get(serialNumber)?.stationName ?? formerNames.get(serialNumber) ?? null;
    conditions.push(stopped(serialNumber, stationName, outage.startsAt));
  }
  // Stopped already when the sampler first saw it: no outage (it never stopped while sampled),
  // but not running all the same — since the evaluator first saw it so.
  for (const [serialNumber, station] of state.stations) {
    if (station.running || state.outages.has(serialNumber)) continue;
    conditions.push(stopped(serialNumber, station.stationName, stoppedWhenSeen.get(serialNumber) ?? now));
  }
  if (state.gap && state.gap.reason === "managerUnreachable" && open(state.gap.endsAt)) {
    conditions.push({
      kind: "managerUnreachable",
      serialNumber: "",
      stationName: null,
      subject: "",
      subjectName: null,
      since: state.gap.startsAt,
    });
  }
  return conditions;
}

/** A channel as a listening event's scope names it (`ScopeEntry`), and as the memory keys it. */
export const channelEntry = (serialNumber: string, channelIndex: number) => `${serialNumber}/${channelIndex}`;
export const channelSubject = (channelIndex: number) => `channel:${channelIndex}`;

/** What the evaluator remembers of each channel of a running station, by `channelEntry`. */
export interface ChannelMemory {
  /** The count last seen; null when not known. */
  listeners: number | null;
  /** Since when it has been 0 after having listeners; null when it has not fallen to 0 so. */
  zeroSince: number | null;
}

/**
 * The channels' memory after seeing `state` at `now`. A channel falls to 0 only from a count above
 * 0 seen before: one seen at 0 first (after a start, a takeover, a station back) has not fallen.
 * A stopped station's channels are forgotten (the station's own rule tells that). `openSince`: the
 * start of the open channel alerts by `channelEntry` — a process that took the lease over never
 * saw the count above 0, and keeps the condition those alerts are open for.
 */
export function nextChannelMemory(
  previous: ReadonlyMap<string, ChannelMemory>,
  state: ObserverState,
  now: number,
  openSince: ReadonlyMap<string, number> = new Map(),
): Map<string, ChannelMemory> {
  const next = new Map<string, ChannelMemory>();
  for (const [serialNumber, station] of state.stations) {
    if (!station.running) continue;
    for (const [index, listeners] of station.channels) {
      const entry = channelEntry(serialNumber, index);
      const before = previous.get(entry);
      const zeroSince = listeners === 0 ? zeroSinceOf(before, entry, now, openSince) : null;
      // Most channels stay as they were from one second to the next: their memory is kept as is.
      next.set(
        entry,
        before && before.listeners === listeners && before.zeroSince === zeroSince ? before : { listeners, zeroSince },
      );
    }
  }
  return next;
}

function zeroSinceOf(
  before: ChannelMemory | undefined,
  entry: string,
  now: number,
  openSince: ReadonlyMap<string, number>,
): number | null {
  if (before?.zeroSince != null) return before.zeroSince;
  if (before?.listeners != null && before.listeners > 0) return now;
  return openSince.get(entry) ?? null;
}

/**
 * When the listening events covering a channel at `now` began (the earliest); null when none
 * does. An event covers the whole venue when its scope is empty, else the stations and channels
 * it names (`MCS-0042`, `MCS-0042/1`).
 */
export function coveredSince(
  events: readonly ListeningEvent[],
  serialNumber: string,
  channelIndex: number,
  now: number,
): number | null {
  let since: number | null = null;
  for (const event of events) {
    if (event.startsAt > now || (event.endsAt !== null && event.endsAt <= now)) continue;
    const covers =
      event.scope.length === 0 ||
      event.scope.includes(serialNumber) ||
      event.scope.includes(channelEntry(serialNumber, channelIndex));
    if (covers) since = Math.min(since ?? event.startsAt, event.startsAt);
  }
  return since;
}

/** The channels of running stations at 0 after having listeners, with the events covering them. */
export function channelConditions(
  state: ObserverState,
  memory: ReadonlyMap<string, ChannelMemory>,
  events: readonly ListeningEvent[],
  now: number,
): AlertCondition[] {
  const conditions: AlertCondition[] = [];
  for (const [serialNumber, station] of state.stations) {
    if (!station.running) continue;
    for (const index of station.channels.keys()) {
      const zeroSince = memory.get(channelEntry(serialNumber, index))?.zeroSince ?? null;
      if (zeroSince === null || station.channels.get(index) !== 0) continue;
      conditions.push({
        kind: "channelListenersZero",
        serialNumber,
        stationName: station.stationName,
        subject: channelSubject(index),
        subjectName: station.channelNames.get(index) ?? null,
        since: zeroSince,
        eventSince: coveredSince(events, serialNumber, index, now),
      });
    }
  }
  return conditions;
}

const holdsOnlyDuringEvents = (rule: AlertRule) => rule.duringEventsOnly && eventScopedKinds.includes(rule.kind);

/**
 * Whether a rule watches a condition: its kind; for the kinds a rule may narrow to stations, its
 * list (empty: every station); for a rule that holds only during events, an event covering it.
 */
export function ruleApplies(rule: AlertRule, condition: AlertCondition): boolean {
  if (rule.kind !== condition.kind) return false;
  if (holdsOnlyDuringEvents(rule) && condition.eventSince == null) return false;
  if (!stationScopedKinds.includes(rule.kind)) return true;
  return rule.stations.length === 0 || rule.stations.includes(condition.serialNumber);
}

/**
 * When the condition began as far as the rule goes: during events only, not before the event
 * began — a channel empty since before the show has not emptied during it, and the grace runs
 * from the show's start.
 */
function sinceFor(rule: AlertRule, condition: AlertCondition): number {
  if (!holdsOnlyDuringEvents(rule) || condition.eventSince == null) return condition.since;
  return Math.max(condition.since, condition.eventSince);
}

const subjectKey = (ruleId: string, serialNumber: string, subject: string) =>
  `${ruleId}\u0000${serialNumber}\u0000${subject}`;

/**
 * What changes now. An alert opens for a rule and a condition it watches once the condition has
 * held for the rule's grace period, unless one is open for that rule and subject already; an open
 * alert resolves once its condition no longer holds or its rule is gone. A condition that clears
 * before its grace period ends opens nothing: it is not held long enough while it lasts, and when
 * it comes back it starts again. `unknown`: rules whose conditions cannot be told now (what they
 * watch has not been read yet) — nothing opens for them, and their open alerts stay open.
 */
export function evaluate(
  rules: readonly AlertRule[],
  conditions: readonly AlertCondition[],
  openAlerts: readonly Alert[],
  now: number,
  unknown: (rule: AlertRule) => boolean = () => false,
): AlertChanges {
  const alreadyOpen = new Set(openAlerts.map((alert) => subjectKey(alert.ruleId, alert.serialNumber, alert.subject)));
  const holding = new Set<string>();
  const untold = new Set<string>();
  const open: NewAlert[] = [];
  for (const rule of rules) {
    if (unknown(rule)) {
      untold.add(rule.id);
      continue;
    }
    for (const condition of conditions) {
      if (!ruleApplies(rule, condition)) continue;
      const key = subjectKey(rule.id, condition.serialNumber, condition.subject);
      // Two conditions of one subject cannot hold at once; the first one counts.
      if (holding.has(key)) continue;
      holding.add(key);
      const since = sinceFor(rule, condition);
      if (alreadyOpen.has(key) || now - since < rule.graceSeconds * 1000) continue;
      open.push({
        ruleId: rule.id,
        kind: condition.kind,
        serialNumber: condition.serialNumber,
        stationName: condition.stationName,
        subject: condition.subject,
        subjectName: condition.subjectName,
        since,
      });
    }
  }
  const resolve = openAlerts
    .filter(
      (alert) => !untold.has(alert.ruleId) && !holding.has(subjectKey(alert.ruleId, alert.serialNumber, alert.subject)),
    )
    .map((alert) => alert.id);
  return { open, resolve };
}
