// What a restore did, setting by setting: kept in the shared store under the apply's submission
// id (no values, so no secret) and shown on the result page. Bounded by the venue: the stations
// of the file the venue does not know are a count, and a station's settings that were already as
// in the backup are a count too.
import type { BlockedReason } from "~/domain/station-state";
import type { NotRestorableReason, StationSettingKind, VenueSettingKind } from "~/domain/restore-plan";

export type ItemStatus = "done" | "unchanged" | "skipped" | "failed";

/** Why a setting was left alone: not ticked, its value in the file refused, or its station stopped at a failure before it. */
export type SkipReason = "notChosen" | "refused" | "afterFailure" | "noSuchChannel";

export interface ItemFailure {
  /** The Manager's failure kind (validation, serverError, …). */
  kind: string;
  /** The Manager's own words on a refused value, when it gave some. */
  detail?: string;
}

export interface ResultItem {
  key: string;
  kind: StationSettingKind | VenueSettingKind;
  channelIndex?: number;
  status: ItemStatus;
  skipReason?: SkipReason;
  failure?: ItemFailure;
}

export interface StationResult {
  backupSerialNumber: string;
  targetSerialNumber: string | null;
  label: string;
  reason?: NotRestorableReason;
  blockedBy?: BlockedReason;
  /** Every setting but the unchanged ones (counted in `unchanged`). */
  items: ResultItem[];
  unchanged: number;
}

export interface RestoreResult {
  /** The kept backup, for a look at what would still change. */
  backupId: string;
  /** The venue's stations with something done, failed or skipped (not the ones already as in the backup). */
  stations: StationResult[];
  venue: ResultItem[];
  counts: Record<ItemStatus, number>;
  /** The file's stations the venue does not know: nothing was written for them. */
  notInVenue: number;
}

export function countStatuses(stations: StationResult[], venue: ResultItem[]): Record<ItemStatus, number> {
  const counts: Record<ItemStatus, number> = { done: 0, unchanged: 0, skipped: 0, failed: 0 };
  for (const entry of [...stations.flatMap((station) => station.items), ...venue]) counts[entry.status] += 1;
  counts.unchanged += stations.reduce((sum, station) => sum + station.unchanged, 0);
  // A station that could not be restored counts once, as skipped.
  counts.skipped += stations.filter((station) => station.reason).length;
  return counts;
}

/** Whether a kept outcome is a restore's result (the store holds other forms' outcomes too). */
export function isRestoreResult(outcome: unknown): outcome is RestoreResult {
  const result = outcome as Partial<RestoreResult> | null;
  return (
    typeof result === "object" &&
    result !== null &&
    typeof result.backupId === "string" &&
    Array.isArray(result.stations) &&
    Array.isArray(result.venue)
  );
}
