// Firmware rollouts in waves (issue 27): each rollout and, per station, its wave, its state and
// whether Update was sent — what must never be lost, so it lives in the durable store beside the
// audit log (docs/decisions/055-durable-records.md). Types and pure helpers only.
import type { AuditUser } from "./audit-log";

export type RolloutState = "running" | "paused" | "cancelled" | "finished" | "failed";
export const rolloutStates: readonly RolloutState[] = ["running", "paused", "cancelled", "finished", "failed"];
/** A rollout in one of these has ended: nothing more is sent for it. */
export const endedRolloutStates: readonly RolloutState[] = ["cancelled", "finished", "failed"];

export type RolloutStationState = "waiting" | "updating" | "done" | "failed" | "skipped" | "cancelled";
export const rolloutStationStates: readonly RolloutStationState[] = [
  "waiting",
  "updating",
  "done",
  "failed",
  "skipped",
  "cancelled",
];
/** A station in one of these is finished with, for this rollout. */
export const endedRolloutStationStates: readonly RolloutStationState[] = ["done", "failed", "skipped", "cancelled"];

/** What the admin chose when starting the rollout. Stored as JSON: new fields need no migration. */
export interface RolloutOptions {
  /** The firmware version per station type (the newest by default). */
  versions: Record<string, string>;
  /** Stations in the first wave (issue 27: 1 by default). */
  firstWaveSize: number;
  /** Stations in every later wave (issue 27: 5 by default). */
  waveSize: number;
  /** How long a station may take to report Current again before the rollout pauses. */
  stationTimeoutMs: number;
  /** Update stations with listeners connected too, instead of waiting until they have none. */
  updateNow: boolean;
  /** When the admin accepted the EULA (ISO), once for the whole rollout. */
  eulaAcceptedAt: string | null;
}

/** Why a rollout paused, failed or was cancelled. */
export interface RolloutReason {
  /** e.g. `stationFailed` (UpdateFailed, Error, Rolledback), `stationTimedOut`, `pausedByUser`. */
  code: string;
  serialNumber?: string;
  /** The firmware status or the Manager's message. */
  detail?: string;
  /** Who paused or cancelled it, when a person did. */
  by?: AuditUser;
}

export interface Rollout {
  id: string;
  createdAt: string;
  createdBy: AuditUser;
  /** When its state, reason or wave last changed. */
  updatedAt: string;
  state: RolloutState;
  options: RolloutOptions;
  /** Why it paused, failed or was cancelled; null while it runs as planned or when it finished. */
  reason: RolloutReason | null;
  /** The wave being worked on (0 is the first). */
  currentWave: number;
  /** When it was cancelled, finished or failed. */
  endedAt: string | null;
  /** How many of its stations are in each state. */
  stationCounts: Record<RolloutStationState, number>;
}

export interface RolloutStation {
  rolloutId: string;
  serialNumber: string;
  stationType: string | null;
  /** The firmware version it is to get. */
  version: string | null;
  wave: number;
  state: RolloutStationState;
  /** When Update was sent to it: at most once per rollout (`markUpdateSent`). */
  updateSentAt: string | null;
  /** When it reached done, failed, skipped or cancelled. */
  endedAt: string | null;
  /** Why it failed or was skipped, the Manager's message. */
  message: string | null;
  updatedAt: string;
}

export interface NewRolloutStation {
  serialNumber: string;
  wave: number;
  stationType?: string | null;
  version?: string | null;
  /** `skipped` (with a message) for a station chosen but not to be updated; default `waiting`. */
  state?: "waiting" | "skipped";
  message?: string | null;
}

export interface NewRollout {
  createdBy: AuditUser;
  options: RolloutOptions;
  stations: NewRolloutStation[];
  /** Default: now. */
  createdAt?: Date;
}

export interface RolloutChange {
  state?: RolloutState;
  reason?: RolloutReason | null;
  currentWave?: number;
}

export interface RolloutStationChange {
  state: RolloutStationState;
  message?: string | null;
}

export interface RolloutStore {
  /** Stores a rollout and all its stations in one step; it starts `running` at wave 0. */
  create(rollout: NewRollout): Promise<Rollout>;
  get(id: string): Promise<Rollout | null>;
  /** Newest first, with the total; only those in `states` when given (e.g. the running ones to drive). */
  list(
    page: { skip: number; take: number },
    filter?: { states?: readonly RolloutState[] },
  ): Promise<{
    rows: Rollout[];
    total: number;
  }>;
  /** The rollout's stations by wave, then serial number; only those of `wave` or in `states` when given. */
  stations(id: string, filter?: { wave?: number; states?: readonly RolloutStationState[] }): Promise<RolloutStation[]>;
  /**
   * Changes the rollout when its state is one of `from` (any state when not given) — so a pause
   * from the browser and the driver's next step cannot overwrite each other. Returns the rollout
   * as changed, or null when it does not exist or was not in one of `from`.
   */
  update(id: string, change: RolloutChange, from?: readonly RolloutState[]): Promise<Rollout | null>;
  /** Changes one station when its state is one of `from` (any when not given); false when it did not. */
  updateStation(
    rolloutId: string,
    serialNumber: string,
    change: RolloutStationChange,
    from?: readonly RolloutStationState[],
  ): Promise<boolean>;
  /**
   * Marks Update as sent to the station — only while it is `waiting` and was never sent — and
   * makes it `updating`. True for exactly one caller across all processes and instances: call it
   * before sending Update, and send only on true.
   */
  markUpdateSent(rolloutId: string, serialNumber: string, at?: Date): Promise<boolean>;
  /**
   * Every station a rollout still has to update or is updating (`waiting`, `updating`), with that
   * rollout's id: the stations a new rollout must leave alone (a station is in at most one).
   */
  heldStations(): Promise<Map<string, string>>;
  /**
   * Cancels a running or paused rollout and, in the same step, every station still waiting (so no
   * Update goes out after it). Returns the rollout, or null when it was not running or paused.
   */
  cancel(id: string, reason?: RolloutReason | null): Promise<Rollout | null>;
}

/**
 * A rollout id as the store makes them (a positive whole number), or null for anything else — a
 * value from a URL is checked with this before it names a rollout anywhere (a header, a record).
 */
export function rolloutIdOf(value: unknown): string | null {
  return typeof value === "string" && /^[1-9]\d{0,15}$/.test(value) ? value : null;
}

/** The stations a rollout holds: a new rollout leaves them alone (issue 33). */
export const heldRolloutStationStates: readonly RolloutStationState[] = ["waiting", "updating"];

/**
 * The wave of each station in order: the first `firstWaveSize` in wave 0, then `waveSize` in
 * each wave after.
 */
export function assignWaves<T>(
  stations: readonly T[],
  firstWaveSize: number,
  waveSize: number,
): Array<{ station: T; wave: number }> {
  const first = Math.max(1, Math.floor(firstWaveSize));
  const rest = Math.max(1, Math.floor(waveSize));
  return stations.map((station, index) => ({
    station,
    wave: index < first ? 0 : 1 + Math.floor((index - first) / rest),
  }));
}

export const noStationCounts = (): Record<RolloutStationState, number> =>
  Object.fromEntries(rolloutStationStates.map((state) => [state, 0])) as Record<RolloutStationState, number>;
