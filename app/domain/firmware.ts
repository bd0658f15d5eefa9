// Firmware rules (operations.md §3, §4): version ordering by up to four numeric parts, and what
// a firmware update status means for the station.
import { updateStatus, updateStatuses, type UpdateStatusName } from "~/manager/schemas";

export const brokenRebootVersion = "6.0.3";

/** Compares dotted versions numerically part by part (missing parts count as 0). */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let index = 0; index < 4; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Newest first, for the list of available versions. */
export function sortNewestFirst<T extends { version: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareVersions(b.version, a.version));
}

/** The newest version is the last after ordering ascending. */
export function newestVersion(versions: readonly string[]): string | null {
  return [...versions].sort(compareVersions).at(-1) ?? null;
}

export function updateStatusName(status: number): UpdateStatusName {
  return updateStatuses[status] ?? "Unknown";
}

const settledStatuses = new Set<number>([
  updateStatus.Unknown,
  updateStatus.Current,
  updateStatus.Error,
  updateStatus.UpdateFailed,
  updateStatus.Rebooting,
]);

/** Unknown, Current, Error, UpdateFailed and Rebooting are named; any other status is updating. */
export function isUpdating(status: number): boolean {
  return !settledStatuses.has(status);
}

export function isRebooting(status: number): boolean {
  return status === updateStatus.Rebooting;
}

/** A station on 6.0.3 reporting Rebooting is stuck there (the broken-reboot case). */
export function isBrokenReboot(version: string, status: number): boolean {
  return version === brokenRebootVersion && isRebooting(status);
}
