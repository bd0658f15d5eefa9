// Station authorization (spec §4): Accept checks readiness and the fingerprint the device
// presents now; Reject hides the station; ResetRejectedStations lets rejected stations come
// back — but only when they reconnect (fleet/presence.ts).
import type { Station } from "../../app/contract/stations";
import { raiseKnownEvent } from "../events/system-events";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { nextSortId } from "./app-view";
import { requireStation } from "./lookup";
import type { StationRecord } from "./records";

export function acceptStation(state: ManagerState, serialNumber: string, fingerprint: string): Station {
  const record = requireStation(state, serialNumber);
  const { station } = record;
  if (station.authorization.isRejected) {
    throw problems.conflict("The station was rejected: reset rejected stations and reconnect it first.", {
      serialNumber,
    });
  }
  // Accepting twice (a double submit) is harmless.
  if (station.authorization.isAuthorized) return station;
  if (!station.deviceState.isReady) throw problems.stationNotReady(serialNumber);
  if (fingerprint !== record.deviceFingerprint) {
    // The Manager now stores what the device presents, so a refresh shows the new fingerprint.
    if (station.authorization.fingerprint !== record.deviceFingerprint) {
      station.authorization.fingerprint = record.deviceFingerprint;
      state.commitStation(record);
    }
    throw problems.fingerprintMismatch(record.deviceFingerprint);
  }
  station.authorization = { fingerprint: record.deviceFingerprint, isAuthorized: true, isRejected: false };
  // Its channels join the end of the listening app's channel list.
  const firstSortId = nextSortId(state);
  station.audioChannels.forEach((channel, offset) => (channel.sortId = firstSortId + offset));
  state.commitStation(record, { channels: station.audioChannels });
  raiseKnownEvent(state, "stationAuthorized", serialNumber);
  return station;
}

export function rejectStation(state: ManagerState, serialNumber: string): Station {
  const record = requireStation(state, serialNumber);
  const { station } = record;
  if (station.authorization.isAuthorized) {
    throw problems.conflict("An authorized station cannot be rejected.", { serialNumber });
  }
  if (!station.authorization.isRejected) {
    station.authorization.isRejected = true;
    state.commitStation(record);
  }
  return station;
}

/**
 * Clears the rejected flags. The stations are off the Manager's books until they reconnect
 * (someone reboots them; with the fleet's life on, after a while by themselves).
 */
export function resetRejectedStations(state: ManagerState): StationRecord[] {
  const rejected = [...state.presentStations()].filter((record) => record.station.authorization.isRejected);
  state.store.batch(() => {
    for (const record of rejected) {
      record.station.authorization.isRejected = false;
      record.presence = "awaitingReconnect";
      record.isOnline = false;
      state.commitStation(record);
    }
  });
  // They were hidden already; a Remove tells every console its rejected count changed.
  for (const record of rejected) state.emit({ kind: "station", action: "Remove", station: record.station });
  return rejected;
}
