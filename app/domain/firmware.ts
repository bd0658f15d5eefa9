// Firmware rules (operations.md §3, §4): version ordering by up to four numeric parts, and what
// a firmware update status means for the station.
import { connectionBlockedReason, type ConnectionBlockedReason } from "~/domain/connection-state";
import type { ComputedState } from "~/contract/enums";
import { updateStatus, updateStatuses, type UpdateStatusName } from "~/contract/values";

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

/** How the console presents a firmware status: the spec's named statuses, everything else is updating. */
export type FirmwareStatusKind = "unknown" | "current" | "failed" | "rebooting" | "brokenReboot" | "updating";

export function firmwareStatusKind(status: number, currentVersion: string): FirmwareStatusKind {
  if (isBrokenReboot(currentVersion, status)) return "brokenReboot";
  if (isRebooting(status)) return "rebooting";
  if (isUpdating(status)) return "updating";
  if (status === updateStatus.Current) return "current";
  if (status === updateStatus.Error || status === updateStatus.UpdateFailed) return "failed";
  return "unknown";
}

export type FirmwareUpdateBlockedReason = "updating" | "rebooting" | ConnectionBlockedReason;

/**
 * Whether a firmware update may start: on a Connected station that is not updating or rebooting,
 * on an UpdateRequired station (updating is all it may do), and on a station stuck in the
 * broken 6.0.3 reboot (an update is its way out).
 */
export function firmwareUpdateBlockedBy(
  computedState: ComputedState,
  firmware: { status: number; currentVersion: string },
): FirmwareUpdateBlockedReason | null {
  if (isBrokenReboot(firmware.currentVersion, firmware.status)) return null;
  if (isRebooting(firmware.status)) return "rebooting";
  if (isUpdating(firmware.status)) return "updating";
  return computedState === "UpdateRequired" ? null : connectionBlockedReason(computedState);
}

export interface FirmwareChoice {
  id: string;
  version: string;
  releaseDate: string;
  releaseNotesUrl: string;
  eulaUrl: string;
  isInstalled: boolean;
  isNewer: boolean;
}

/** The versions a station of this type can install, newest first, marked against the installed one. */
export function firmwareChoices<
  T extends { id: string; version: string; releaseDate: string; releaseNotesUrl: string; eulaUrl: string },
>(available: readonly T[], currentVersion: string): FirmwareChoice[] {
  return sortNewestFirst(available).map(({ id, version, releaseDate, releaseNotesUrl, eulaUrl }) => ({
    id,
    version,
    releaseDate,
    releaseNotesUrl,
    eulaUrl,
    isInstalled: compareVersions(version, currentVersion) === 0,
    isNewer: compareVersions(version, currentVersion) > 0,
  }));
}
