// A firmware update as the station goes through it, one status at a time on the simulated
// clock: [DownloadingToManager →] Downloading → Verifying → Applying → Rebooting →
// RebootingAfterUpdate → Current, each change pushed on the updater hub. The station stays online
// while it downloads and applies, then reboots (spec §4). A fault set through the test controls
// ends it otherwise: UpdateFailed, Error, Rolledback, or off the network (WaitingForDevice) for a
// while or for good.
import { updateStatus } from "../../app/contract/enums";
import { raiseKnownEvent } from "../events/system-events";
import { takeOffline } from "../fleet/listeners";
import type { Activity, StationRecord } from "../fleet/records";
import type { ManagerState } from "../state";

export type FirmwareUpdateActivity = Extract<Activity, { kind: "firmwareUpdate" }>;

/** Percent per progress report while downloading and applying. */
export const progressStep = 10;
/** Where a failing update gives up (applying) or a dropping station goes (downloading). */
export const faultAtProgress = 50;

const progressSteps = 100 / progressStep;

/** How long the station stays at its current step; null: it waits for nothing (it never returns). */
export function firmwareStepDuration(record: StationRecord, activity: FirmwareUpdateActivity): number | null {
  const { plan, fault } = activity;
  switch (record.firmware.status) {
    case updateStatus.DownloadingToManager:
      return plan.managerDownloadMs / progressSteps;
    case updateStatus.Downloading:
      return plan.downloadMs / progressSteps;
    case updateStatus.Verifying:
      return plan.verifyMs;
    case updateStatus.Applying:
      return plan.applyMs / progressSteps;
    case updateStatus.Rebooting:
      return plan.rebootMs;
    case updateStatus.RebootingAfterUpdate:
      return plan.rebootAfterUpdateMs;
    case updateStatus.WaitingForDevice:
      return fault?.kind === "dropsOff" ? (fault.offlineMs ?? 0) : null;
    default:
      // A status this walk does not set (an older simulator's data): finish from here.
      return plan.rebootAfterUpdateMs;
  }
}

/** One step further; the caller schedules the next one while the record still has its activity. */
export function advanceFirmwareUpdate(state: ManagerState, record: StationRecord, activity: FirmwareUpdateActivity) {
  const { firmware } = record;
  const faultKind = activity.fault?.kind ?? null;
  switch (firmware.status) {
    case updateStatus.DownloadingToManager:
    case updateStatus.Downloading:
    case updateStatus.Applying: {
      const progress = (firmware.progress ?? 0) + progressStep;
      if (firmware.status === updateStatus.Applying && faultKind === "fails" && progress >= faultAtProgress) {
        return endWithoutUpdate(state, record, activity, updateStatus.UpdateFailed);
      }
      if (
        firmware.status === updateStatus.Downloading &&
        (faultKind === "dropsOff" || faultKind === "neverReturns") &&
        progress >= faultAtProgress
      ) {
        return dropOff(state, record);
      }
      if (progress < 100) {
        firmware.progress = progress;
      } else if (firmware.status === updateStatus.DownloadingToManager) {
        state.saveMeta("downloadedFirmwareIds", [...state.meta.downloadedFirmwareIds, activity.firmwareId]);
        Object.assign(firmware, { status: updateStatus.Downloading, progress: 0 });
      } else if (firmware.status === updateStatus.Downloading) {
        Object.assign(firmware, { status: updateStatus.Verifying, progress: null });
      } else {
        // Applied: the station reboots into the new firmware and is off the network meanwhile.
        Object.assign(firmware, { status: updateStatus.Rebooting, progress: null });
        takeOffline(state, record);
        state.commitStation(record, { firmware: true, channels: record.station.audioChannels });
        return;
      }
      break;
    }
    case updateStatus.Verifying:
      if (faultKind === "error") return endWithoutUpdate(state, record, activity, updateStatus.Error);
      Object.assign(firmware, { status: updateStatus.Applying, progress: 0 });
      break;
    case updateStatus.Rebooting:
      firmware.status = updateStatus.RebootingAfterUpdate;
      break;
    case updateStatus.WaitingForDevice:
      return comeBack(state, record, activity);
    default:
      if (faultKind === "rollsBack") return endWithoutUpdate(state, record, activity, updateStatus.Rolledback);
      return complete(state, record, activity);
  }
  state.commitStation(record, { firmware: true });
}

function complete(state: ManagerState, record: StationRecord, activity: FirmwareUpdateActivity) {
  record.firmware = {
    currentVersion: activity.targetVersion,
    status: updateStatus.Current,
    targetVersion: null,
    progress: null,
  };
  record.activity = null;
  record.isOnline = true;
  state.commitStation(record, { firmware: true });
  raiseKnownEvent(state, "firmwareUpdateCompleted", record.station.serialNumber, { version: activity.targetVersion });
}

/** UpdateFailed, Error or Rolledback: the station runs its old version and is online. */
function endWithoutUpdate(
  state: ManagerState,
  record: StationRecord,
  activity: FirmwareUpdateActivity,
  status: number,
) {
  record.firmware = { ...record.firmware, status, targetVersion: null, progress: null };
  record.activity = null;
  record.isOnline = true;
  state.commitStation(record, { firmware: true });
  raiseKnownEvent(state, "firmwareUpdateFailed", record.station.serialNumber, { version: activity.targetVersion });
}

/** Off the network in the middle of the download: the Manager waits for the device. */
function dropOff(state: ManagerState, record: StationRecord) {
  Object.assign(record.firmware, { status: updateStatus.WaitingForDevice, progress: null });
  takeOffline(state, record);
  state.commitStation(record, { firmware: true, channels: record.station.audioChannels });
  raiseKnownEvent(state, "stationDisconnected", record.station.serialNumber);
}

/** Back on the network: the download starts over, and this time nothing goes wrong. */
function comeBack(state: ManagerState, record: StationRecord, activity: FirmwareUpdateActivity) {
  activity.fault = null;
  Object.assign(record.firmware, { status: updateStatus.Downloading, progress: 0 });
  record.isOnline = true;
  state.commitStation(record, { firmware: true });
  raiseKnownEvent(state, "stationConnected", record.station.serialNumber);
}
