// What the alert rules make of the listening sampler's state (issue 36): which conditions hold now,
// and which alerts that opens and resolves. Pure: the evaluator (engine.server.ts) feeds it the
// state the sampler keeps, the stored rules and the open alerts, and stores what it returns.
//
// A condition's start comes from what the sampler stores — an open outage's start, the open gap's
// start — not from when this process first saw it. A process that takes the sampler's lease over
// restores them from the records, so the grace period already served under the old holder counts,
// and an alert opens at the moment it would have without the takeover.
import type { ObserverState } from "~/listening/observer";
import type { Alert, AlertRule, AlertRuleKind, NewAlert } from "~/records/alerts";

/** Something a rule may alert on, holding now. */
export interface AlertCondition {
  kind: AlertRuleKind;
  /** The station; "" for the Manager. */
  serialNumber: string;
  stationName: string | null;
  /** When it began. */
  since: number;
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
  for (const [serialNumber, outage] of state.outages) {
    if (!open(outage.endsAt)) continue;
    const stationName = state.stations.get(serialNumber)?.stationName ?? formerNames.get(serialNumber) ?? null;
    conditions.push({ kind: "stationStopped", serialNumber, stationName, since: outage.startsAt });
  }
  // Stopped already when the sampler first saw it: no outage (it never stopped while sampled),
  // but not running all the same — since the evaluator first saw it so.
  for (const [serialNumber, station] of state.stations) {
    if (station.running || state.outages.has(serialNumber)) continue;
    const since = stoppedWhenSeen.get(serialNumber) ?? now;
    conditions.push({ kind: "stationStopped", serialNumber, stationName: station.stationName, since });
  }
  if (state.gap && state.gap.reason === "managerUnreachable" && open(state.gap.endsAt)) {
    conditions.push({ kind: "managerUnreachable", serialNumber: "", stationName: null, since: state.gap.startsAt });
  }
  return conditions;
}

/** Whether a rule watches a condition: its kind, and for stations its list (empty: every station). */
export function ruleApplies(rule: AlertRule, condition: AlertCondition): boolean {
  if (rule.kind !== condition.kind) return false;
  if (rule.kind === "managerUnreachable") return true;
  return rule.stations.length === 0 || rule.stations.includes(condition.serialNumber);
}

const subjectKey = (ruleId: string, serialNumber: string) => `${ruleId}\u0000${serialNumber}`;

/**
 * What changes now. An alert opens for a rule and a condition it watches once the condition has
 * held for the rule's grace period, unless one is open for that rule and subject already; an open
 * alert resolves once its condition no longer holds or its rule is gone. A condition that clears
 * before its grace period ends opens nothing: it is not held long enough while it lasts, and when
 * it comes back it starts again.
 */
export function evaluate(
  rules: readonly AlertRule[],
  conditions: readonly AlertCondition[],
  openAlerts: readonly Alert[],
  now: number,
): AlertChanges {
  const alreadyOpen = new Set(openAlerts.map((alert) => subjectKey(alert.ruleId, alert.serialNumber)));
  const holding = new Set<string>();
  const open: NewAlert[] = [];
  for (const rule of rules) {
    for (const condition of conditions) {
      if (!ruleApplies(rule, condition)) continue;
      const key = subjectKey(rule.id, condition.serialNumber);
      // Two conditions of one subject cannot hold at once; the first one counts.
      if (holding.has(key)) continue;
      holding.add(key);
      if (alreadyOpen.has(key) || now - condition.since < rule.graceSeconds * 1000) continue;
      open.push({
        ruleId: rule.id,
        kind: condition.kind,
        serialNumber: condition.serialNumber,
        stationName: condition.stationName,
        since: condition.since,
      });
    }
  }
  const resolve = openAlerts
    .filter((alert) => !holding.has(subjectKey(alert.ruleId, alert.serialNumber)))
    .map((alert) => alert.id);
  return { open, resolve };
}
