// Stations leaving and re-entering the Manager's books. A deleted station is still a device on
// the network: it knocks again later and shows up as a new, unauthorized station. A device the
// Manager never saw knocks the same way (a station unpacked and plugged in).
import { stationTypes, updateStatus } from "../../app/contract/enums";
import { raiseKnownEvent } from "../events/system-events";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { nextSortId } from "./app-view";
import type { Random } from "./ids";
import { requireStation } from "./lookup";
import type { StationRecord } from "./records";
import { createStationRecord } from "./station-factory";

/** What a station out of the box runs: not the newest, so an update can be tried on it. */
const factoryFirmwareVersion = "6.2.0";
/** New devices get addresses in a subnet of their own, away from the seeded fleet's. */
const newDevicesSite = 99;

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

/**
 * A device knocks at the Manager: one it never saw becomes a new station, unauthorized, out of the
 * box (no name, its own certificate); one it knows but let go (deleted, reset-rejected)
 * reconnects. One that is connected already is refused, as with a reconnect.
 */
export function knockStation(state: ManagerState, serialNumber: string, random: Random): StationRecord {
  if (state.records.has(serialNumber)) return reconnectStation(state, serialNumber);
  const record = createStationRecord(
    {
      serialNumber,
      type: stationTypes.v2,
      firmwareVersion: factoryFirmwareVersion,
      address: { site: newDevicesSite, host: (state.records.size % 250) + 2 },
      firstSortId: nextSortId(state),
    },
    random,
  );
  state.records.set(serialNumber, record);
  state.commitStation(record);
  state.emit({ kind: "firmware", action: "Add", firmwareInfo: state.firmwareInfo(record) });
  raiseKnownEvent(state, "stationDiscovered", serialNumber);
  return record;
}
