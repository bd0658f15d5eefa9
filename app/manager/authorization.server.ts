// Manager calls that authorize stations (operations.md §4): accept with the fingerprint the user
// checked, reject, and let rejected stations come back.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { StationSchema } from "~/contract/stations";

export function acceptStation(manager: ManagerClient, serialNumber: string, fingerprint: string) {
  return manager.send("PUT", managerPaths.acceptStation(serialNumber), { fingerprint }, StationSchema);
}

export function rejectStation(manager: ManagerClient, serialNumber: string) {
  return manager.send("PUT", managerPaths.rejectStation(serialNumber), undefined, StationSchema);
}

export function resetRejectedStations(manager: ManagerClient) {
  return manager.send("PUT", managerPaths.resetRejectedStations());
}
