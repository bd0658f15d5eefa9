// Manager calls on stations: the list (searched, sorted and paged by the Manager), one station,
// its settings and the commands that take time (answered 202 with the station as it is now).
import { isManagerError, type ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import {
  StationListenersListSchema,
  StationListSchema,
  StationSchema,
  type StationList,
  type StationListQuery,
} from "~/contract/stations";
import type { UseCaseMode } from "~/contract/enums";
import type { AudioEncoder, UpdateNetworkSettings, UpdateStationConfiguration } from "~/contract/station-parts";

export function listStations(manager: ManagerClient, query: StationListQuery) {
  return manager.get(managerPaths.stations(), StationListSchema, { ...query });
}

/** The Manager's largest page (StationListQuerySchema's `take`). */
export const largestPage = 1000;

/**
 * The list the query matches, one answer of up to 1,000 stations after the other, in its order
 * (the Manager's largest page): for what its paging cannot answer (the status filter, a choice of
 * "all that match"), read without holding more than one answer at a time.
 */
export async function* stationPages(manager: ManagerClient, query: Omit<StationListQuery, "skip" | "take">) {
  for (let skip = 0; ;) {
    const page = await listStations(manager, { ...query, skip, take: largestPage });
    yield page;
    skip += page.stations.length;
    if (page.stations.length === 0 || skip >= page.visibleStationsCount) return;
  }
}

/** Every station the query matches, in its order. */
export async function listAllStations(manager: ManagerClient, query: Omit<StationListQuery, "skip" | "take">) {
  let first: StationList | undefined;
  const stations: StationList["stations"] = [];
  for await (const page of stationPages(manager, query)) {
    first ??= page;
    stations.push(...page.stations);
  }
  return { ...first!, stations };
}

/** A page of the list with only what listener counts need (the listening sampler's read). */
export function listStationListeners(manager: ManagerClient, page: { skip: number; take: number }) {
  return manager.get(managerPaths.stations(), StationListenersListSchema, {
    ...page,
    sortBy: "name",
    sortDirection: "asc",
  });
}

export function getStation(manager: ManagerClient, serialNumber: string) {
  return manager.get(managerPaths.station(serialNumber), StationSchema);
}

export function renameStation(manager: ManagerClient, serialNumber: string, name: string) {
  return manager.send("PUT", managerPaths.updateName(serialNumber), { name }, StationSchema);
}

/** Discards the channel and audio settings; the station is "changing mode" until it is done. */
export function changeStreamingMode(manager: ManagerClient, serialNumber: string, useCaseMode: UseCaseMode) {
  return manager.send("PUT", managerPaths.updateAudioMode(serialNumber), { useCaseMode }, StationSchema);
}

export function updateAudioEncoder(manager: ManagerClient, serialNumber: string, encoder: AudioEncoder) {
  return manager.send("PUT", managerPaths.updateAudioEncoder(serialNumber), encoder, StationSchema);
}

export function updateStationConfiguration(
  manager: ManagerClient,
  serialNumber: string,
  update: UpdateStationConfiguration,
) {
  return manager.send("PUT", managerPaths.stationConfiguration(serialNumber), update, StationSchema);
}

export function updateNetworkSettings(manager: ManagerClient, serialNumber: string, settings: UpdateNetworkSettings) {
  return manager.send("PUT", managerPaths.updateNetworkSettings(serialNumber), settings, StationSchema);
}

export function rebootStation(manager: ManagerClient, serialNumber: string) {
  return manager.send("PUT", managerPaths.reboot(serialNumber), undefined, StationSchema);
}

export function restoreFactorySettings(manager: ManagerClient, serialNumber: string, keepNetworkSettings: boolean) {
  return manager.send(
    "PUT",
    managerPaths.restoreFactorySettings(serialNumber),
    { options: { keepNetworkSettings } },
    StationSchema,
  );
}

/** Removing a station that is already gone (a second submit) counts as done. */
export async function removeStation(manager: ManagerClient, serialNumber: string) {
  try {
    await manager.send("DELETE", managerPaths.station(serialNumber));
  } catch (error) {
    if (!isManagerError(error, "notFound")) throw error;
  }
}
