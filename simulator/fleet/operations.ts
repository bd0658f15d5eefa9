// The station processes that take time: reboot, factory reset, streaming mode change and
// firmware update. Each is an Activity on the station record, advanced step by step on the
// simulated clock; the activity is persisted, so after a restart every process resumes at the
// step it had reached (that step starts over, as if the station had been slow).
import type { Station } from "../../app/contract/stations";
import { updateStatus, useCaseModes, type UseCaseMode } from "../../app/contract/enums";
import type { FirmwareInfo } from "../../app/contract/firmware";
import { durations, type ClockTimer } from "../clock";
import { raiseKnownEvent } from "../events/system-events";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { nextSortId } from "./app-view";
import { isStuckInBrokenReboot } from "./derive";
import { runtimeRandom } from "./ids";
import { disconnectListeners } from "./listeners";
import { notEditableReason, requireEditable, requireStation } from "./lookup";
import type { StationRecord } from "./records";
import { factoryResetStation, resetAudio } from "./station-factory";

/** Percent per progress tick while downloading and applying. */
const progressStep = 25;
/** A failing update gives up half way through applying. */
const failAtProgress = 50;

export interface Internet {
  isAvailable(): boolean;
}

export class StationOperations {
  private readonly timers = new Map<string, ClockTimer>();

  constructor(
    private readonly state: ManagerState,
    private readonly internet: Internet,
  ) {}

  reboot(serialNumber: string): Station {
    const record = requireStation(this.state, serialNumber);
    requireEditable(record);
    if (!record.station.functionalities.canReboot) {
      throw problems.stationNotEditable(serialNumber, "firmwareCannotReboot");
    }
    record.activity = { kind: "reboot", step: "goingDown" };
    record.firmware.status = updateStatus.Rebooting;
    record.testTones = [];
    return this.begin(record);
  }

  restoreFactorySettings(serialNumber: string, keepNetworkSettings: boolean): Station {
    const record = requireStation(this.state, serialNumber);
    requireEditable(record);
    record.activity = { kind: "factoryReset", keepNetworkSettings, step: "goingDown" };
    record.firmware.status = updateStatus.Resetting;
    record.testTones = [];
    return this.begin(record);
  }

  /** Discards the channel and audio settings; the station is "changing mode" until it is done. */
  changeAudioMode(serialNumber: string, useCaseMode: UseCaseMode): Station {
    const record = requireStation(this.state, serialNumber);
    requireEditable(record);
    const { station } = record;
    if (useCaseMode === useCaseModes.audienceMicAndAssistiveListening && !station.functionalities.hasAudienceMic) {
      throw problems.field("useCaseMode", "This station has no audience mic.");
    }
    // Asking for the mode the station is in changes nothing (a double submit is harmless).
    if (station.state.audioMode.useCaseMode === useCaseMode) return station;
    record.activity = { kind: "audioModeChange", useCaseMode };
    record.testTones = [];
    return this.begin(record);
  }

  startFirmwareUpdate(serialNumber: string, firmwareId: string): FirmwareInfo {
    const record = requireStation(this.state, serialNumber);
    const firmware = this.state.availableFirmware.find((candidate) => candidate.id === firmwareId);
    if (!firmware) throw problems.notFound("firmware", firmwareId);
    if (firmware.stationType !== record.station.type) {
      throw problems.conflict("This firmware is for another station type.", {
        firmwareId,
        stationType: record.station.type,
      });
    }
    // UpdateRequired stations may (must) update; a 6.0.3 station stuck in Rebooting is running
    // and an update is its way out of the broken state.
    const reason = notEditableReason(record);
    const mayUpdate =
      reason === null ||
      reason === "computedState:UpdateRequired" ||
      (reason === "rebooting" && isStuckInBrokenReboot(record));
    if (!mayUpdate) throw problems.stationNotEditable(serialNumber, reason ?? "unknown");
    const needsDownload = !this.state.meta.downloadedFirmwareIds.includes(firmwareId);
    if (needsDownload && !this.internet.isAvailable()) throw problems.noInternet();

    record.activity = {
      kind: "firmwareUpdate",
      firmwareId,
      targetVersion: firmware.version,
      willFail: record.failNextUpdate,
    };
    record.failNextUpdate = false;
    record.firmware = {
      currentVersion: record.firmware.currentVersion,
      status: needsDownload ? updateStatus.DownloadingToManager : updateStatus.Downloading,
      targetVersion: firmware.version,
      progress: 0,
    };
    this.begin(record);
    return this.state.firmwareInfo(record);
  }

  /** After a restart: every station that was in the middle of something carries on. */
  resume() {
    for (const record of this.state.records.values()) {
      if (record.activity && record.presence === "present") this.schedule(record);
    }
  }

  cancel(serialNumber: string) {
    this.timers.get(serialNumber)?.cancel();
    this.timers.delete(serialNumber);
  }

  cancelAll() {
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  private begin(record: StationRecord): Station {
    this.state.commitStation(record, { firmware: true });
    this.schedule(record);
    return record.station;
  }

  private schedule(record: StationRecord) {
    const { serialNumber } = record.station;
    this.cancel(serialNumber);
    const timer = this.state.clock.after(this.stepDuration(record), () => {
      this.timers.delete(serialNumber);
      this.advance(serialNumber);
    });
    this.timers.set(serialNumber, timer);
  }

  private stepDuration(record: StationRecord): number {
    const activity = record.activity!;
    switch (activity.kind) {
      case "reboot":
        return activity.step === "goingDown" ? durations.rebootGoingDown : durations.rebootDown;
      case "factoryReset":
        return activity.step === "goingDown" ? durations.factoryResetGoingDown : durations.factoryResetDown;
      case "audioModeChange":
        return durations.audioModeChange;
      case "firmwareUpdate":
        if (record.firmware.status === updateStatus.Verifying) return durations.firmwareVerifying;
        if (record.firmware.status === updateStatus.Rebooting) return durations.firmwareRebooting;
        if (record.firmware.status === updateStatus.RebootingAfterUpdate) return durations.firmwareRebootingAfterUpdate;
        return durations.firmwareProgressTick;
    }
  }

  private advance(serialNumber: string) {
    const record = this.state.findStation(serialNumber);
    if (!record?.activity) return;
    switch (record.activity.kind) {
      case "reboot":
        this.advanceReboot(record);
        break;
      case "factoryReset":
        this.advanceFactoryReset(record, record.activity.keepNetworkSettings);
        break;
      case "audioModeChange":
        this.completeAudioModeChange(record, record.activity.useCaseMode);
        break;
      case "firmwareUpdate":
        this.advanceFirmwareUpdate(record);
        break;
    }
    if (record.activity) this.schedule(record);
  }

  private goOffline(record: StationRecord) {
    record.isOnline = false;
    for (const channel of record.station.audioChannels) disconnectListeners(this.state, channel);
  }

  private advanceReboot(record: StationRecord) {
    if (record.activity?.kind !== "reboot") return;
    if (record.activity.step === "goingDown") {
      record.activity = { kind: "reboot", step: "down" };
      this.goOffline(record);
      this.state.commitStation(record, { channels: record.station.audioChannels });
      return;
    }
    record.activity = null;
    record.isOnline = true;
    record.firmware.status = updateStatus.Current;
    this.state.commitStation(record, { firmware: true });
    raiseKnownEvent(this.state, "stationRebooted", record.station.serialNumber);
  }

  private advanceFactoryReset(record: StationRecord, keepNetworkSettings: boolean) {
    if (record.activity?.kind !== "factoryReset") return;
    if (record.activity.step === "goingDown") {
      record.activity = { kind: "factoryReset", keepNetworkSettings, step: "down" };
      this.goOffline(record);
      this.state.commitStation(record, { channels: record.station.audioChannels });
      return;
    }
    this.state.dropQueues(record);
    factoryResetStation(record, keepNetworkSettings, runtimeRandom, 1);
    record.activity = null;
    record.isOnline = true;
    record.firmware.status = updateStatus.Current;
    this.state.commitStation(record, { firmware: true });
    raiseKnownEvent(this.state, "stationFactoryReset", record.station.serialNumber);
  }

  private completeAudioModeChange(record: StationRecord, useCaseMode: UseCaseMode) {
    const { station } = record;
    // The new channels take over the old ones' places in the listening app.
    const freedSortIds = station.audioChannels.map((channel) => channel.sortId).sort((a, b) => a - b);
    const firstNewSortId = nextSortId(this.state);
    this.state.dropQueues(record);
    resetAudio(station, useCaseMode, runtimeRandom, firstNewSortId);
    station.audioChannels.forEach((channel, offset) => {
      channel.sortId = freedSortIds[offset] ?? firstNewSortId + offset;
    });
    record.activity = null;
    this.state.commitStation(record, { channels: station.audioChannels });
  }

  private advanceFirmwareUpdate(record: StationRecord) {
    const activity = record.activity;
    if (activity?.kind !== "firmwareUpdate") return;
    const { firmware } = record;
    switch (firmware.status) {
      case updateStatus.DownloadingToManager:
      case updateStatus.Downloading:
      case updateStatus.Applying: {
        const progress = (firmware.progress ?? 0) + progressStep;
        if (firmware.status === updateStatus.Applying && activity.willFail && progress >= failAtProgress) {
          this.failFirmwareUpdate(record, activity.targetVersion);
          return;
        }
        if (progress < 100) {
          firmware.progress = progress;
        } else if (firmware.status === updateStatus.DownloadingToManager) {
          this.state.saveMeta("downloadedFirmwareIds", [...this.state.meta.downloadedFirmwareIds, activity.firmwareId]);
          Object.assign(firmware, { status: updateStatus.Downloading, progress: 0 });
        } else if (firmware.status === updateStatus.Downloading) {
          Object.assign(firmware, { status: updateStatus.Verifying, progress: null });
        } else {
          // The station stays online while downloading and applying, then reboots.
          Object.assign(firmware, { status: updateStatus.Rebooting, progress: null });
          this.goOffline(record);
          this.state.commitStation(record, { firmware: true, channels: record.station.audioChannels });
          return;
        }
        break;
      }
      case updateStatus.Verifying:
        Object.assign(firmware, { status: updateStatus.Applying, progress: 0 });
        break;
      case updateStatus.Rebooting:
        firmware.status = updateStatus.RebootingAfterUpdate;
        break;
      default: {
        record.firmware = {
          currentVersion: activity.targetVersion,
          status: updateStatus.Current,
          targetVersion: null,
          progress: null,
        };
        record.activity = null;
        record.isOnline = true;
        this.state.commitStation(record, { firmware: true });
        raiseKnownEvent(this.state, "firmwareUpdateCompleted", record.station.serialNumber, {
          version: activity.targetVersion,
        });
        return;
      }
    }
    this.state.commitStation(record, { firmware: true });
  }

  private failFirmwareUpdate(record: StationRecord, targetVersion: string) {
    record.firmware = { ...record.firmware, status: updateStatus.UpdateFailed, targetVersion: null, progress: null };
    record.activity = null;
    this.state.commitStation(record, { firmware: true });
    raiseKnownEvent(this.state, "firmwareUpdateFailed", record.station.serialNumber, { version: targetVersion });
  }
}
