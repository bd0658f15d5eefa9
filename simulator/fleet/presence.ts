// Stations leaving and re-entering the Manager's books. A deleted station is still a device on
// the network: it knocks again later and shows up as a new, unauthorized station.
import { updateStatus } from "../../app/contract/enums";
import { raiseKnownEvent } from "../events/system-events";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { requireStation } from "./lookup";
import type { StationRecord } from "./records";

/**
 * Deleting is refused while the station is in the middle of an update or a factory reset —
 * except an update whose station dropped off the network: the Manager waits for a device that
 * may never come back, and an admin must be able to let it go.
 */
export function deleteStation(state: ManagerState, serialNumber: string): StationRecord {
  const record = requireStation(state, serialNumber);
  const kind = record.activity?.kind;
  const isWaitingForDevice = !record.isOnline && record.firmware.status === updateStatus.WaitingForDevice;
  if ((kind === "firmwareUpdate" && !isWaitingForDevice) || kind === "factoryReset") {
    throw problems.stationNotEditable(serialNumber, kind === "firmwareUpdate" ? "updating" : "resetting");
  }
  record.presence = "deleted";
  record.isOnline = false;
  record.activity = null;
  record.testTones = [];
  for (const channel of record.station.audioChannels) channel.listenerCount = 0;
  state.store.batch(() => {
    state.dropQueues(record);
    state.commitStation(record);
  });
  return record;
}

/** The device reconnects: it is known again, unauthorized, presenting its current fingerprint. */
export function reconnectStation(state: ManagerState, serialNumber: string): StationRecord {
  const record = state.records.get(serialNumber);
  if (!record) throw problems.stationNotFound(serialNumber);
  if (record.presence === "present") {
    throw problems.conflict("The station is connected to the Manager already.", { serialNumber });
  }
  record.presence = "present";
  record.isOnline = true;
  record.firmware = { ...record.firmware, status: updateStatus.Current, targetVersion: null, progress: null };
  record.station.authorization = { fingerprint: record.deviceFingerprint, isAuthorized: false, isRejected: false };
  record.station.deviceState.isReady = true;
  state.commitStation(record);
  state.emit({ kind: "firmware", action: "Add", firmwareInfo: state.firmwareInfo(record) });
  raiseKnownEvent(state, "stationDiscovered", serialNumber);
  return record;
}
