// What the alert rules watch beside the listener counts (issue 36): what the listening sampler reads
// of the Manager for them — the stations waiting to be authorized (from the station list it reads
// anyway), the firmware statuses and the system events (read only while a rule needs them) — and
// the console's own rollouts, which the evaluator reads. Pure: the evaluator (engine.server.ts)
// keeps the facts and turns them into conditions here.
//
// A fact not read (the read failed, or nothing needed it yet) is not known: the kinds it tells of
// neither open nor resolve alerts until it is (`unknownKinds`), so a failing read or a takeover
// does not resolve an alert that still holds.
import type { FirmwareInfo } from "~/contract/firmware";
import type { SystemEvent } from "~/contract/statistics";
import type { StationListeners } from "~/contract/stations";
import { firmwareStatusKind } from "~/domain/firmware";
import type { AlertRuleKind } from "~/records/alerts";
import type { Rollout } from "~/records/rollouts";
import type { AlertCondition } from "./evaluate";

/** A station in the Manager's list, neither authorized nor rejected. */
export interface UnauthorizedStation {
  serialNumber: string;
  name: string | null;
}

/** What the sampler read of the Manager in a round for the alerts; null: not read (not needed, or it failed). */
export interface ManagerFacts {
  unauthorized: UnauthorizedStation[] | null;
  /** Every station's firmware state (the updater's list). */
  firmware: FirmwareInfo[] | null;
  /** The first page of the Manager's system events: newest first, dismissed ones left out. */
  systemEvents: SystemEvent[] | null;
}

/** Which of the Manager's facts the rules need read: those that cost a call of their own. */
export interface FactsNeeded {
  firmware: boolean;
  systemEvents: boolean;
}

/** The facts the evaluator knows, with since when each condition of "first seen" kinds was seen. */
export interface KnownFacts extends ManagerFacts {
  /** Since when each waiting station was first seen waiting. */
  unauthorizedSince: ReadonlyMap<string, number>;
  /** Since when each station's firmware status was first seen failed. */
  failedSince: ReadonlyMap<string, number>;
}

export const noFacts: KnownFacts = {
  unauthorized: null,
  firmware: null,
  systemEvents: null,
  unauthorizedSince: new Map(),
  failedSince: new Map(),
};

/** The stations of a station list page waiting to be authorized (the history leaves them out). */
export function unauthorizedOf(stations: readonly StationListeners[]): UnauthorizedStation[] {
  return stations
    .filter(({ authorization }) => !authorization.isAuthorized && !authorization.isRejected)
    .map(({ serialNumber, name }) => ({ serialNumber, name }));
}

/** What each rule kind needs read. */
export function factsNeededBy(kinds: Iterable<AlertRuleKind>): FactsNeeded {
  const wanted = new Set(kinds);
  return { firmware: wanted.has("firmwareUpdateFailed"), systemEvents: wanted.has("fingerprintChanged") };
}

/** Since when each key is seen: kept for those still seen, `now` for new ones, dropped for the rest. */
function seenSince(previous: ReadonlyMap<string, number>, keys: Iterable<string>, now: number): Map<string, number> {
  const next = new Map<string, number>();
  for (const key of keys) next.set(key, previous.get(key) ?? now);
  return next;
}

const hasFailed = (info: FirmwareInfo) => firmwareStatusKind(info.status, info.currentVersion) === "failed";

/**
 * The facts after a round's, read at `now`. What was read replaces what was known. What was not
 * read is kept while a rule needs it (its read failed: the last known stands) and forgotten when
 * none does (it would be stale by the time one does).
 */
export function withFacts(known: KnownFacts, facts: ManagerFacts, now: number, needed: FactsNeeded): KnownFacts {
  const unauthorized = facts.unauthorized ?? known.unauthorized;
  const firmware = facts.firmware ?? (needed.firmware ? known.firmware : null);
  const systemEvents = facts.systemEvents ?? (needed.systemEvents ? known.systemEvents : null);
  return {
    unauthorized,
    firmware,
    systemEvents,
    unauthorizedSince: seenSince(
      known.unauthorizedSince,
      (unauthorized ?? []).map((station) => station.serialNumber),
      now,
    ),
    failedSince: seenSince(
      known.failedSince,
      (firmware ?? []).filter(hasFailed).map((info) => info.serialNumber),
      now,
    ),
  };
}

/** The kinds whose facts are not known: their alerts stay as they are. */
export function unknownKinds(known: KnownFacts, rollouts: readonly Rollout[] | null): Set<AlertRuleKind> {
  const kinds = new Set<AlertRuleKind>();
  if (known.unauthorized === null) kinds.add("stationUnauthorized");
  if (known.firmware === null) kinds.add("firmwareUpdateFailed");
  if (known.systemEvents === null) kinds.add("fingerprintChanged");
  if (rollouts === null) kinds.add("rolloutPaused");
  return kinds;
}

type NameOf = (serialNumber: string) => string | null;

/** The stations waiting to be authorized, since first seen so. */
export function unauthorizedConditions(known: KnownFacts): AlertCondition[] {
  return (known.unauthorized ?? []).map(({ serialNumber, name }) => ({
    kind: "stationUnauthorized",
    serialNumber,
    stationName: name,
    subject: "",
    subjectName: null,
    since: known.unauthorizedSince.get(serialNumber)!,
  }));
}

/** The version of the station's newest failed update the events tell (a failed status has no target). */
function failedVersion(events: readonly SystemEvent[] | null, serialNumber: string): string | null {
  const event = events?.find(
    (candidate) => candidate.code === "firmwareUpdateFailed" && candidate.stationSerialNumber === serialNumber,
  );
  return event?.parameters.version ?? null;
}

/** The stations whose firmware status is failed (UpdateFailed, Error), since first seen so. */
export function firmwareConditions(known: KnownFacts, nameOf: NameOf): AlertCondition[] {
  return (known.firmware ?? []).filter(hasFailed).map((info) => ({
    kind: "firmwareUpdateFailed",
    serialNumber: info.serialNumber,
    stationName: nameOf(info.serialNumber),
    subject: "",
    subjectName: info.targetVersion ?? failedVersion(known.systemEvents, info.serialNumber),
    since: known.failedSince.get(info.serialNumber)!,
  }));
}

/**
 * The stations whose newest event of the two is "fingerprint changed" rather than "authorized",
 * since that event. Dismissing it (it is no longer listed) or authorizing the station again ends it.
 */
export function fingerprintConditions(known: KnownFacts, nameOf: NameOf): AlertCondition[] {
  const decided = new Set<string>();
  const conditions: AlertCondition[] = [];
  for (const event of known.systemEvents ?? []) {
    const serialNumber = event.stationSerialNumber;
    if (!serialNumber || decided.has(serialNumber)) continue;
    if (event.code !== "fingerprintChanged" && event.code !== "stationAuthorized") continue;
    decided.add(serialNumber);
    if (event.code === "stationAuthorized") continue;
    conditions.push({
      kind: "fingerprintChanged",
      serialNumber,
      stationName: nameOf(serialNumber),
      subject: "",
      subjectName: null,
      since: Date.parse(event.date),
    });
  }
  return conditions;
}

/** The firmware versions a rollout installs, as one name ("6.2.0, 4.9.1"); null when it names none. */
function rolloutVersions(rollout: Rollout): string | null {
  const versions = [...new Set(Object.values(rollout.options.versions))].sort();
  return versions.length > 0 ? versions.join(", ") : null;
}

/**
 * The rollouts paused other than by a person (a station failed or took too long, nobody was
 * signed in), since they paused; resuming, cancelling or finishing ends it. A failed rollout has
 * ended, and holds nothing.
 */
export function rolloutConditions(rollouts: readonly Rollout[] | null, nameOf: NameOf): AlertCondition[] {
  return (rollouts ?? [])
    .filter((rollout) => rollout.state === "paused" && rollout.reason?.code !== "pausedByUser")
    .map((rollout) => {
      const serialNumber = rollout.reason?.serialNumber ?? "";
      return {
        kind: "rolloutPaused",
        serialNumber,
        stationName: serialNumber === "" ? null : nameOf(serialNumber),
        subject: `rollout:${rollout.id}`,
        subjectName: rolloutVersions(rollout),
        since: Date.parse(rollout.updatedAt),
      };
    });
}

/** Every condition the facts and rollouts tell. */
export function factConditions(
  known: KnownFacts,
  rollouts: readonly Rollout[] | null,
  nameOf: NameOf,
): AlertCondition[] {
  return [
    ...unauthorizedConditions(known),
    ...firmwareConditions(known, nameOf),
    ...fingerprintConditions(known, nameOf),
    ...rolloutConditions(rollouts, nameOf),
  ];
}
