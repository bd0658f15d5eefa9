// What a restore did, item by item: kept in the shared store under the apply's submission id
// (no values, so no secret) and shown on the result page.
import type { NotRestorableReason, StationSettingKind, VenueSettingKind } from "~/domain/restore-plan";

export type ItemStatus = "done" | "unchanged" | "skipped" | "failed";

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
  failure?: ItemFailure;
}

export interface StationResult {
  backupSerialNumber: string;
  targetSerialNumber: string | null;
  label: string;
  reason?: NotRestorableReason;
  items: ResultItem[];
}

export interface RestoreResult {
  stations: StationResult[];
  venue: ResultItem[];
  counts: Record<ItemStatus, number>;
}

export function countStatuses(stations: StationResult[], venue: ResultItem[]): Record<ItemStatus, number> {
  const counts: Record<ItemStatus, number> = { done: 0, unchanged: 0, skipped: 0, failed: 0 };
  for (const entry of [...stations.flatMap((station) => station.items), ...venue]) counts[entry.status] += 1;
  // A station that could not be restored counts once, as skipped.
  counts.skipped += stations.filter((station) => station.reason).length;
  return counts;
}
