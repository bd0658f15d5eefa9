// What a station's state allows (operations.md §4): only Connected makes it editable; not
// while updating or rebooting; reboot also needs firmware that can reboot.
import { isRebooting, isUpdating } from "~/domain/firmware";
import { updateStatus, type ComputedState, type Station } from "~/manager/schemas";

/** The connection label keys (common:connectionStates.<state>): Running, Not Running, … */
export function connectionStateLabelKey(state: ComputedState) {
  return `connectionStates.${state}` as const;
}

export type BlockedReason =
  | "notConnected"
  | "updating"
  | "resetting"
  | "rebooting"
  | "cannotReboot"
  | "unsupported"
  | "changingMode";

export interface StationAvailability {
  canEdit: boolean;
  editBlockedBy: BlockedReason | null;
  canReboot: boolean;
  rebootBlockedBy: BlockedReason | null;
}

export function stationAvailability(
  station: Pick<Station, "type" | "deviceState" | "functionalities">,
  firmwareStatus: number,
): StationAvailability {
  const editBlockedBy: BlockedReason | null =
    station.type === 1 || station.deviceState.computedState === "Unsupported"
      ? "unsupported"
      : station.deviceState.computedState !== "Connected"
        ? "notConnected"
        : isRebooting(firmwareStatus)
          ? "rebooting"
          : firmwareStatus === updateStatus.Resetting
            ? "resetting"
            : isUpdating(firmwareStatus)
              ? "updating"
              : station.deviceState.isChangingMode
                ? "changingMode"
                : null;
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
    case "computedState:Unsupported":
      return "unsupported";
    default:
      return typeof reason === "string" && reason.startsWith("computedState:") ? "notConnected" : "updating";
  }
}
