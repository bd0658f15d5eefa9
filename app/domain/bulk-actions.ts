// Acting on many stations at once (issue 27): the statuses the stations list filters by, and for
// each chosen station whether a bulk action acts on it or skips it, and why. The same rules as a
// station's own page (station-state.ts, firmware.ts), plus what only a fleet action needs to say:
// listeners connected right now, firmware already current, a station already authorized.
import type { ComputedState, StationType } from "~/contract/enums";
import { compareVersions, firmwareUpdateBlockedBy, isUpdating } from "~/domain/firmware";
import { stationAvailability, type BlockedReason } from "~/domain/station-state";

export const bulkActions = ["reboot", "accept", "reject", "remove", "updateFirmware"] as const;
export type BulkAction = (typeof bulkActions)[number];

export function isBulkAction(value: unknown): value is BulkAction {
  return (bulkActions as readonly unknown[]).includes(value);
}

/** The status filter of the stations list, in the list's words. */
export const stationStatuses = ["running", "notRunning", "unauthorized", "updateRequired", "updating"] as const;
export type StationStatus = (typeof stationStatuses)[number];

export function isStationStatus(value: unknown): value is StationStatus {
  return (stationStatuses as readonly unknown[]).includes(value);
}

/**
 * The one status a station is filtered under: Updating while its firmware updates (whatever its
 * connection says meanwhile), else its connection state. Unknown and Unsupported stations have
 * no filter of their own: they show when no status is chosen.
 */
export function stationStatusOf(computedState: ComputedState, firmwareStatus: number | null): StationStatus | null {
  if (firmwareStatus !== null && isUpdating(firmwareStatus)) return "updating";
  switch (computedState) {
    case "Connected":
      return "running";
    case "Disconnected":
      return "notRunning";
    case "Unauthorized":
      return "unauthorized";
    case "UpdateRequired":
      return "updateRequired";
    default:
      return null;
  }
}

/** Why a bulk action leaves a station alone: a state the station's own page names, or one of these. */
export type SkipReason =
  | BlockedReason
  | "listeners"
  | "alreadyCurrent"
  | "noFirmware"
  | "alreadyAuthorized"
  | "notReady"
  /** Chosen, but the Manager no longer lists it (removed or rejected meanwhile). */
  | "gone";

/** What the rules read of a chosen station. */
export interface BulkCandidate {
  serialNumber: string;
  name: string | null;
  type: StationType;
  computedState: ComputedState;
  isReady: boolean;
  isAuthorized: boolean;
  isChangingMode: boolean;
  canReboot: boolean;
  fingerprint: string;
  currentFirmwareVersion: string;
  /** Its firmware's update status (the updater's), Unknown (0) when the updater does not know it. */
  firmwareStatus: number;
  /** Listeners on all its channels right now. */
  listenerCount: number;
}

/** What the user chose on the confirmation besides the stations. */
export interface BulkOptions {
  /**
   * Reboot and Update: act on stations with listeners too (they are disconnected). Off by default:
   * cutting a venue's audio is a choice made on purpose, never a side effect.
   */
  includeListeners?: boolean;
}

/** The actions that cut the audio of a station's listeners, so skip such a station unless told. */
export const listenerActions: readonly BulkAction[] = ["reboot", "updateFirmware"];

function rebootSkip(station: BulkCandidate, options: BulkOptions): SkipReason | null {
  const { rebootBlockedBy } = stationAvailability(
    {
      type: station.type,
      currentFirmwareVersion: station.currentFirmwareVersion,
      deviceState: {
        computedState: station.computedState,
        isReady: station.isReady,
        isChangingMode: station.isChangingMode,
      },
      functionalities: { canReboot: station.canReboot, hasAudienceMic: false },
    },
    station.firmwareStatus,
  );
  // A 6.0.3 station stuck reporting Rebooting cannot reboot on request either.
  if (rebootBlockedBy) return rebootBlockedBy;
  return station.listenerCount > 0 && !options.includeListeners ? "listeners" : null;
}

function updateSkip(station: BulkCandidate, newestVersion: string | null, options: BulkOptions): SkipReason | null {
  if (station.type === 1) return "unsupported";
  const blocked = firmwareUpdateBlockedBy(station.computedState, {
    status: station.firmwareStatus,
    currentVersion: station.currentFirmwareVersion,
  });
  if (blocked) return blocked;
  if (newestVersion === null) return "noFirmware";
  if (compareVersions(newestVersion, station.currentFirmwareVersion) <= 0) return "alreadyCurrent";
  return station.listenerCount > 0 && !options.includeListeners ? "listeners" : null;
}

/**
 * Why the action skips the station, or null when it acts on it. `newestVersion` is the newest
 * firmware for the station's type (update firmware only; null when there is none).
 */
export function skipReason(
  action: BulkAction,
  station: BulkCandidate,
  newestVersion: string | null = null,
  options: BulkOptions = {},
) {
  switch (action) {
    case "reboot":
      return rebootSkip(station, options);
    case "updateFirmware":
      return updateSkip(station, newestVersion, options);
    case "accept":
      if (station.isAuthorized) return "alreadyAuthorized";
      return station.isReady ? null : "notReady";
    case "reject":
      return station.isAuthorized ? "alreadyAuthorized" : null;
    case "remove":
      // Removing is allowed in every state: a dead or obsolete station is what Remove is for.
      return null;
  }
}

export interface PlannedStation {
  serialNumber: string;
  name: string | null;
  type: StationType;
  /** Accept: the fingerprint the user checks and the Manager is sent. */
  fingerprint: string | null;
  /** Update firmware: from which version to which. */
  currentFirmwareVersion: string;
  targetVersion: string | null;
  /** Listeners on its channels when planned: an act on it with listeners disconnects them. */
  listenerCount: number;
  /** Running (connected) when planned: Remove warns about such a station. */
  isRunning: boolean;
  skip: SkipReason | null;
}

export interface BulkPlan {
  action: BulkAction;
  /** The stations acted on, in the order given. */
  act: PlannedStation[];
  /** The stations left alone, each with its reason. */
  skip: PlannedStation[];
}

/** Which of the chosen stations the action acts on and which it skips; newest firmware by station type. */
export function planBulkAction(
  action: BulkAction,
  stations: readonly BulkCandidate[],
  newestByType: Partial<Record<StationType, string>> = {},
  options: BulkOptions = {},
): BulkPlan {
  const plan: BulkPlan = { action, act: [], skip: [] };
  for (const station of stations) {
    const newest = newestByType[station.type] ?? null;
    const skip = skipReason(action, station, newest, options);
    const planned: PlannedStation = {
      serialNumber: station.serialNumber,
      name: station.name,
      type: station.type,
      fingerprint: action === "accept" ? station.fingerprint : null,
      currentFirmwareVersion: station.currentFirmwareVersion,
      targetVersion: action === "updateFirmware" ? newest : null,
      listenerCount: station.listenerCount,
      isRunning: station.computedState === "Connected",
      skip,
    };
    (skip ? plan.skip : plan.act).push(planned);
  }
  return plan;
}

/**
 * What a skipped station's reason says: the station page's own sentence for a state that blocks
 * it (stations:blocked.*), or the bulk action's for what only a fleet action says.
 */
const bulkOwn = new Set<SkipReason>([
  "listeners",
  "alreadyCurrent",
  "noFirmware",
  "alreadyAuthorized",
  "notReady",
  "gone",
]);

export function skipReasonKey(reason: SkipReason) {
  return bulkOwn.has(reason) ? `stations:bulk.skip.${reason}` : `stations:blocked.${reason}`;
}
