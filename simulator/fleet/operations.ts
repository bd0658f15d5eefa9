// The station processes that take time: reboot, factory reset, streaming mode change and
// firmware update. Each is an Activity on the station record, advanced step by step on the
// simulated clock; the activity is persisted, so after a restart every process resumes at the
// step it had reached (that step starts over, as if the station had been slow).
import type { Station } from "../../app/contract/stations";
import { updateStatus, updateStatuses, useCaseModes, type UseCaseMode } from "../../app/contract/enums";
import type { FirmwareInfo } from "../../app/contract/firmware";
import { durations, type ClockTimer } from "../clock";
import { raiseKnownEvent } from "../events/system-events";
import { defaultOfflineMs, firmwarePlan } from "../firmware/plan";
import { advanceFirmwareUpdate, firmwareStepDuration } from "../firmware/update";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { nextSortId } from "./app-view";
import { isStuckInBrokenReboot } from "./derive";
import { runtimeRandom } from "./ids";
import { takeOffline } from "./listeners";
import { notEditableReason, requireEditable, requireStation } from "./lookup";
import type { StationRecord } from "./records";
import { factoryResetStation, resetAudio } from "./station-factory";

export interface Internet {
  isAvailable(): boolean;
}

export class StationOperations {
  private readonly timers = new Map<string, ClockTimer>();

  constructor(
    private readonly state: ManagerState,
    private readonly internet: Internet,
    /** How long every update takes (simulated ms, a test setting); null: realistically long. */
    public firmwareDurationMs: number | null = null,
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

  /** Counts an Update call addressed to the station, before anything is checked (a test counter). */
  countUpdateCall(serialNumber: string) {
    const record = this.state.findStation(serialNumber);
    if (!record) return;
    record.firmwareTesting.updateCalls++;
    this.state.store.saveStation(record);
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
    // and an update is its way out of the broken state, as it is for one whose last update
    // rolled back (Rolledback counts as updating, so nothing else is allowed).
    const reason = notEditableReason(record);
    const mayUpdate =
      reason === null ||
      reason === "computedState:UpdateRequired" ||
      reason === `firmwareStatus:${updateStatuses[updateStatus.Rolledback]}` ||
      (reason === "rebooting" && isStuckInBrokenReboot(record));
    if (!mayUpdate) throw problems.stationNotEditable(serialNumber, reason ?? "unknown");
    const needsDownload = !this.state.meta.downloadedFirmwareIds.includes(firmwareId);
    if (needsDownload && !this.internet.isAvailable()) throw problems.noInternet();

    const testing = record.firmwareTesting;
    testing.updatesStarted++;
    const planRequest = {
      serialNumber,
      firmwareId,
      updateNumber: testing.updatesStarted,
      needsManagerDownload: needsDownload,
      durationMs: testing.durationMs ?? this.firmwareDurationMs,
    };
    const fault = testing.fault;
    record.activity = {
      kind: "firmwareUpdate",
      firmwareId,
      targetVersion: firmware.version,
      fault: fault && { ...fault, offlineMs: fault.offlineMs ?? defaultOfflineMs(planRequest) },
      plan: firmwarePlan(planRequest),
    };
    testing.fault = null;
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
    const duration = this.stepDuration(record);
    // A station that never comes back has no next step.
    if (duration === null) return;
    const timer = this.state.clock.after(duration, () => {
      this.timers.delete(serialNumber);
      this.advance(serialNumber);
    });
    this.timers.set(serialNumber, timer);
  }

  private stepDuration(record: StationRecord): number | null {
    const activity = record.activity!;
    switch (activity.kind) {
      case "reboot":
        return activity.step === "goingDown" ? durations.rebootGoingDown : durations.rebootDown;
      case "factoryReset":
        return activity.step === "goingDown" ? durations.factoryResetGoingDown : durations.factoryResetDown;
      case "audioModeChange":
        return durations.audioModeChange;
      case "firmwareUpdate":
        return firmwareStepDuration(record, activity);
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
        advanceFirmwareUpdate(this.state, record, record.activity);
        break;
    }
    if (record.activity) this.schedule(record);
  }

  private advanceReboot(record: StationRecord) {
    if (record.activity?.kind !== "reboot") return;
    if (record.activity.step === "goingDown") {
      record.activity = { kind: "reboot", step: "down" };
      takeOffline(this.state, record);
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
      takeOffline(this.state, record);
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
}
