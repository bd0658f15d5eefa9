// The system events panel (operations.md §3, §4, §9): newest first, a page at a time, topped up
// when dismissals leave 6 or fewer and the Manager holds more.
import type { SystemEventType } from "~/contract/enums";
import { systemEventTypes } from "~/contract/values";

/** How many events the panel shows at first, and how many more each "more events" adds. */
export const systemEventPageSize = 10;
/** Spec: if 6 or fewer events are held and the total is larger, more are fetched. */
export const systemEventTopUpThreshold = 6;
/** The most the panel asks for at once (the Manager's own limit is 500). */
export const systemEventMaximumShown = 500;

export type SystemEventTypeName = "unknown" | "info" | "warning" | "error";

const typeNames = Object.fromEntries(Object.entries(systemEventTypes).map(([name, value]) => [value, name])) as Record<
  SystemEventType,
  SystemEventTypeName
>;

export function systemEventTypeName(type: SystemEventType): SystemEventTypeName {
  return typeNames[type] ?? "unknown";
}

/** The number of events to show from the `events` query parameter: whole pages, at least one. */
export function shownEventCount(requested: string | null | undefined): number {
  const value = Number(requested);
  if (!Number.isFinite(value) || value <= systemEventPageSize) return systemEventPageSize;
  const pages = Math.ceil(value / systemEventPageSize);
  return Math.min(pages * systemEventPageSize, systemEventMaximumShown);
}

/** The count the "more events" link asks for. */
export function moreEventCount(shown: number): number {
  return Math.min(shown + systemEventPageSize, systemEventMaximumShown);
}

/** Spec §4: the panel holds too few once 6 or fewer remain while the Manager has more. */
export function needsTopUp(held: number, total: number): boolean {
  return held <= systemEventTopUpThreshold && total > held;
}
