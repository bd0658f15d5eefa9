// What a station's state allows (operations.md §4): only Connected makes it editable; not
// while updating or rebooting; reboot also needs firmware that can reboot.
import { isRebooting, isUpdating } from "~/domain/firmware";
import type { ComputedState, Station } from "~/manager/schemas";

/** The connection label keys (common:connectionStates.<state>): Running, Not Running, … */
export function connectionStateLabelKey(state: ComputedState) {
  return `connectionStates.${state}` as const;
}

export type BlockedReason = "notConnected" | "updating" | "rebooting" | "cannotReboot" | "unsupported" | "changingMode";

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
          : isUpdating(firmwareStatus)
            ? "updating"
            : station.deviceState.isChangingMode
              ? "changingMode"
              : null;
  const rebootBlockedBy = editBlockedBy ?? (station.functionalities.canReboot ? null : "cannotReboot");
  return { canEdit: editBlockedBy === null, editBlockedBy, canReboot: rebootBlockedBy === null, rebootBlockedBy };
}
