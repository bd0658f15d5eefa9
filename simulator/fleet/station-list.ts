// GET /stations: search, sort and page over the in-memory fleet, so a page of 50 costs a filter,
// a sort of small keys and a slice — no matter how many thousand stations there are.
import type { StationList, StationListQuery, StationSortKey } from "../../app/contract/stations";
import { computedStates } from "../../app/contract/enums";
import type { ManagerState } from "../state";
import { compareVersions } from "../../app/domain/firmware";
import { isVisible } from "./derive";
import type { StationRecord } from "./records";

export const defaultStationPageSize = 50;

type SortKey = string | number;

function ipNumber(ip: string): number {
  const octets = ip.split(".").map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet))) return -1;
  return ((octets[0]! << 24) >>> 0) + (octets[1]! << 16) + (octets[2]! << 8) + octets[3]!;
}

/** Keys in the console's column order; status sorts in the order of the computedState enumeration. */
const sortKeyOf: Record<Exclude<StationSortKey, "firmwareVersion">, (record: StationRecord) => SortKey> = {
  name: (record) => (record.station.name ?? record.station.serialNumber).toLowerCase(),
  status: (record) => computedStates.indexOf(record.station.deviceState.computedState),
  ip: (record) => ipNumber(record.station.state.controlNetworkInterface.ip),
  channelsInUse: (record) => record.station.audioChannels.filter((channel) => channel.isEnabled).length,
};

function compareKeys(a: SortKey, b: SortKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface SortedMatches {
  revision: number;
  key: string;
  matching: StationRecord[];
  rejectedStationsCount: number;
}

// The last query's sorted matches, reused until a station changes: paging through a large fleet
// then costs a slice. One entry per state is enough for a console paging one table at a time.
const lastSorted = new WeakMap<ManagerState, SortedMatches>();

export function listStations(state: ManagerState, query: StationListQuery): StationList {
  const key = JSON.stringify([
    query.search?.trim().toLowerCase() ?? "",
    query.sortBy ?? "name",
    query.sortDirection ?? "asc",
  ]);
  let sorted = lastSorted.get(state);
  if (!sorted || sorted.revision !== state.stationRevision || sorted.key !== key) {
    sorted = { revision: state.stationRevision, key, ...sortedMatches(state, query) };
    lastSorted.set(state, sorted);
  }
  const skip = query.skip ?? 0;
  const take = query.take ?? defaultStationPageSize;
  return {
    stations: sorted.matching.slice(skip, skip + take).map((record) => record.station),
    visibleStationsCount: sorted.matching.length,
    rejectedStationsCount: sorted.rejectedStationsCount,
  };
}

function sortedMatches(state: ManagerState, query: StationListQuery) {
  const search = query.search?.trim().toLowerCase() ?? "";
  let rejectedStationsCount = 0;
  const matching: StationRecord[] = [];
  for (const record of state.presentStations()) {
    if (!isVisible(record)) {
      rejectedStationsCount++;
      continue;
    }
    if (search !== "") {
      const { name, serialNumber } = record.station;
      if (!serialNumber.toLowerCase().includes(search) && !name?.toLowerCase().includes(search)) continue;
    }
    matching.push(record);
  }

  const sortBy = query.sortBy ?? "name";
  const direction = query.sortDirection === "desc" ? -1 : 1;
  const bySerialNumber = (a: StationRecord, b: StationRecord) =>
    compareKeys(a.station.serialNumber, b.station.serialNumber);
  if (sortBy === "firmwareVersion") {
    matching.sort(
      (a, b) =>
        direction * compareVersions(a.firmware.currentVersion, b.firmware.currentVersion) || bySerialNumber(a, b),
    );
  } else {
    const keyOf = sortKeyOf[sortBy];
    const keyed = matching.map((record) => ({ record, key: keyOf(record) }));
    keyed.sort((a, b) => direction * compareKeys(a.key, b.key) || bySerialNumber(a.record, b.record));
    keyed.forEach((entry, position) => (matching[position] = entry.record));
  }

  return { matching, rejectedStationsCount };
}
