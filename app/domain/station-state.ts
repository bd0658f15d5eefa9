// What a station's state allows (operations.md §4): only Connected makes it editable; not
// while updating or rebooting; reboot also needs firmware that can reboot. Removing a station is
// allowed in every state (a dead or obsolete station is what Remove is for).
import { connectionBlockedReason, type ConnectionBlockedReason } from "~/domain/connection-state";
import { isBrokenReboot, isRebooting, isUpdating } from "~/domain/firmware";
import type { Station } from "~/contract/stations";
import type { ComputedState } from "~/contract/enums";
import { updateStatus } from "~/contract/values";

/** The connection label keys (common:connectionStates.<state>): Running, Not Running, … */
export function connectionStateLabelKey(state: ComputedState) {
  return `connectionStates.${state}` as const;
}

export type BlockedReason =
  | ConnectionBlockedReason
  | "updating"
  | "resetting"
  | "rebooting"
  | "brokenReboot"
  | "cannotReboot"
  | "unsupported"
  | "changingMode";

export interface StationAvailability {
  canEdit: boolean;
  editBlockedBy: BlockedReason | null;
  canReboot: boolean;
  rebootBlockedBy: BlockedReason | null;
}

type AvailabilityInput = Pick<Station, "type" | "deviceState" | "functionalities" | "currentFirmwareVersion">;

function editBlockedReason(station: AvailabilityInput, firmwareStatus: number): BlockedReason | null {
  if (station.type === 1) return "unsupported";
  const byState = connectionBlockedReason(station.deviceState.computedState);
  if (byState) return byState;
  // 6.0.3 reports "Rebooting" for ever: only a firmware update ends it, so say where that is.
  if (isBrokenReboot(station.currentFirmwareVersion, firmwareStatus)) return "brokenReboot";
  if (isRebooting(firmwareStatus)) return "rebooting";
  if (firmwareStatus === updateStatus.Resetting) return "resetting";
  if (isUpdating(firmwareStatus)) return "updating";
  if (station.deviceState.isChangingMode) return "changingMode";
  return null;
}

export function stationAvailability(station: AvailabilityInput, firmwareStatus: number): StationAvailability {
  const editBlockedBy = editBlockedReason(station, firmwareStatus);
  const rebootBlockedBy = editBlockedBy ?? (station.functionalities.canReboot ? null : "cannotReboot");
  return { canEdit: editBlockedBy === null, editBlockedBy, canReboot: rebootBlockedBy === null, rebootBlockedBy };
}

/**
 * The Manager refuses a write on a station that is not editable with
 * `error:station-not-editable` and a reason ("rebooting", "computedState:Disconnected", …):
 * the same reasons the console shows beside its disabled controls.
 */
export function blockedReasonFromManager(reason: unknown): BlockedReason {
  switch (reason) {
    case "changingMode":
      return "changingMode";
    case "resetting":
      return "resetting";
    case "rebooting":
      return "rebooting";
    case "firmwareCannotReboot":
      return "cannotReboot";
    default:
      if (typeof reason === "string" && reason.startsWith("computedState:")) {
        const state = reason.slice("computedState:".length) as ComputedState;
        return connectionBlockedReason(state) ?? "notConnected";
      }
      return "updating";
  }
}
