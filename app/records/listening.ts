// Listening history (issue 35): listener counts over time per channel, station and venue, the
// gaps in them, the moments stations stopped, and the events admins name. Kept in the durable
// records store (SQLite by default, PostgreSQL with DATABASE_URL) through the query layer of
// server/records/layer (docs/decisions/070-listener-history.md). Types only, so screens may
// import them too.
import type { ListeningPeriod, ListeningSample } from "~/domain/listening-series";
import type { AuditUser } from "~/records/audit-log";

/** A channel (index 1…), a station's total (index 0), or the venue (serial "" and 0: entity 0). */
export interface ListeningKey {
  serialNumber: string;
  channelIndex: number;
}

export interface ListeningEntity extends ListeningKey {
  id: number;
  /** The names last seen, for history after a station was renamed or removed. */
  stationName: string | null;
  channelName: string | null;
}

export const venueKey: ListeningKey = { serialNumber: "", channelIndex: 0 };

export type KeyedSample = ListeningKey & { at: number; listeners: number | null };

/**
 * Why nothing is known for a while: the console did not sample (down, or no process held the
 * sampler), the Manager could not be reached or refused, nobody was signed in for the sampler to
 * read with, or the samples could not be stored.
 */
export type ListeningGapReason = "notSampled" | "managerUnreachable" | "managerRefused" | "noSession" | "notStored";
export const listeningGapReasons: readonly ListeningGapReason[] = [
  "notSampled",
  "managerUnreachable",
  "managerRefused",
  "noSession",
  "notStored",
];

export interface ListeningGap {
  startsAt: number;
  /** Null while it lasts. */
  endsAt: number | null;
  reason: ListeningGapReason;
}

/** A station that stopped running (or left the Manager) while sampled: when, and how many it had. */
export interface ListeningOutage {
  serialNumber: string;
  startsAt: number;
  endsAt: number | null;
  listeners: number;
}

export interface EntityNames extends ListeningKey {
  stationName: string | null;
  channelName: string | null;
}

/**
 * What the sampler stores at once. Self-contained and idempotent — samples by time and entity,
 * gaps by their start, outages by station and start — so a batch that could not be stored can be
 * stored again later, unchanged (a records spool replays it).
 */
export interface ListeningBatch {
  samples: KeyedSample[];
  names: EntityNames[];
  gaps: ListeningGap[];
  outages: ListeningOutage[];
  /** The sampler's progress marks (sampledUntil, …). */
  state?: Record<string, number>;
}

export function emptyBatch(): ListeningBatch {
  return { samples: [], names: [], gaps: [], outages: [] };
}

export function isEmptyBatch(batch: ListeningBatch) {
  return (
    batch.samples.length === 0 &&
    batch.names.length === 0 &&
    batch.gaps.length === 0 &&
    batch.outages.length === 0 &&
    Object.keys(batch.state ?? {}).length === 0
  );
}

export interface TimeRange {
  /** Inclusive, ms since the epoch. */
  from: number;
  /** Exclusive. */
  to: number;
}

/** "MCS-0042" (a station) or "MCS-0042/1" (one of its channels). */
export type ScopeEntry = string;

/** An event's id as a URL may carry it: a positive whole number, else null (never a made-up target). */
export function listeningEventIdOf(value: unknown): string | null {
  return typeof value === "string" && /^[1-9]\d{0,11}$/.test(value) ? value : null;
}

export interface ListeningEvent {
  id: string;
  title: string;
  startsAt: number;
  /** Null while it runs without an end ("start now"). */
  endsAt: number | null;
  /** The stations and channels it covers; empty for the whole venue. */
  scope: ScopeEntry[];
  createdBy: AuditUser;
  createdAt: number;
  updatedAt: number;
}

export type NewListeningEvent = Pick<ListeningEvent, "title" | "startsAt" | "endsAt" | "scope" | "createdBy">;
export type ListeningEventChanges = Pick<ListeningEvent, "title" | "startsAt" | "endsAt" | "scope">;

export interface ListeningEvents {
  /** Newest start first. */
  list(page: { skip: number; take: number }): Promise<{ rows: ListeningEvent[]; total: number }>;
  /** Those overlapping the range (for charts and the proposals). */
  overlapping(range: TimeRange): Promise<ListeningEvent[]>;
  get(id: string): Promise<ListeningEvent | null>;
  create(event: NewListeningEvent, now: number): Promise<ListeningEvent>;
  update(id: string, changes: ListeningEventChanges, now: number): Promise<ListeningEvent | null>;
  /** Ends a running event at `at`: only one that started and has no end yet (or a later one). */
  end(id: string, at: number): Promise<ListeningEvent | null>;
  remove(id: string): Promise<boolean>;
}

export interface ListeningStore {
  write(batch: ListeningBatch): Promise<void>;
  entities(): Promise<ListeningEntity[]>;
  /**
   * Samples in the range, by time and, at one time, the venue's first; only of these entities
   * (and the venue) when given.
   */
  samples(range: TimeRange, entityIds?: readonly number[]): Promise<ListeningSample[]>;
  /** The time of the last sample at or before `at`, or null when there is none. */
  lastSampleAt(at: number): Promise<number | null>;
  /** Periods of one resolution (seconds: 60, 900, 86400) starting in the range. */
  periods(resolution: number, range: TimeRange, entityIds?: readonly number[]): Promise<ListeningPeriod[]>;
  /**
   * Per entity over the periods of one resolution starting in the range: the highest count, the
   * listener-milliseconds and arrivals (entities with no period left out).
   */
  totals(
    resolution: number,
    range: TimeRange,
    entityIds?: readonly number[],
  ): Promise<{ entityId: number; peak: number | null; listenerMs: number; arrivals: number }[]>;
  /** Replaces the periods of one resolution in the range, and sets progress marks, at once. */
  replacePeriods(
    resolution: number,
    range: TimeRange,
    periods: readonly ListeningPeriod[],
    state: Record<string, number>,
  ): Promise<void>;
  state(): Promise<Record<string, number>>;
  gaps(range: TimeRange): Promise<ListeningGap[]>;
  outages(range: TimeRange, serialNumbers?: readonly string[]): Promise<ListeningOutage[]>;
  /** Removes samples, minutes and the longer periods (with gaps and outages) older than each cut. */
  removeOlderThan(cuts: { samples: number; minutes: number; longer: number }): Promise<number>;
  events: ListeningEvents;
}
