// The stations a user chose on /stations (issue 27, item 1): a set in the shared store, named by
// the user and an id the page carries in its URL and forms, so the choice survives paging and
// sorting on every instance of the console and the URL never grows with the stations in it.
// Another user's id names another set: a shared link shows nobody else's choice. And which
// stations "all that match" are: the list's search, and its status filter, which the Manager's
// paging does not know, applied to every station the search finds. A choice holds only stations
// the Manager lists, and never more than it lists (issue 33): what a request adds is bounded by the
// venue, not by how often it is sent.
import { randomUUID } from "node:crypto";
import type { SessionUser } from "~/auth/user";
import type { Station } from "~/contract/stations";
import type { StationSortKey, SortDirection } from "~/contract/stations";
import { stationStatusOf, type BulkCandidate, type StationStatus } from "~/domain/bulk-actions";
import { firmwareStatusOf } from "~/manager/firmware.server";
import type { ManagerClient } from "~/manager/http.server";
import { listAllStations, stationPages } from "~/manager/stations.server";
import { getRuntime } from "~/runtime.server";

/** A choice is kept for a working day after its last change. */
const keepMs = 8 * 60 * 60 * 1000;
const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newSelectionId() {
  return randomUUID();
}

/** The id a URL or form names, or null for none (or one that is not ours). */
export function selectionIdOf(value: unknown): string | null {
  return typeof value === "string" && idPattern.test(value) ? value : null;
}

const storeKey = (user: SessionUser, id: string) => `stations:${user.subject}:${id}`;

export async function chosenStations(user: SessionUser, id: string | null): Promise<string[]> {
  if (!id) return [];
  return getRuntime().store.selections.members(storeKey(user, id));
}

export function changeChoice(
  user: SessionUser,
  id: string,
  change: { clear?: boolean; add?: readonly string[]; remove?: readonly string[] },
) {
  return getRuntime().store.selections.change(storeKey(user, id), change, keepMs);
}

/**
 * Changes the choice with additions checked against the fleet the Manager lists now: a serial
 * number it does not list is refused (and counted), and a choice that holds more than the fleet
 * (stations removed since they were chosen) drops those no longer listed. Removing needs no check.
 */
export async function changeChoiceWithinFleet(
  manager: ManagerClient,
  user: SessionUser,
  id: string,
  change: { add: readonly string[]; remove?: readonly string[] },
): Promise<{ count: number; refused: number }> {
  if (change.add.length === 0) return { count: await changeChoice(user, id, { remove: change.remove }), refused: 0 };
  const { stations } = await listAllStations(manager, { sortBy: "name", sortDirection: "asc" });
  const fleet = new Set(stations.map((station) => station.serialNumber));
  const add = [...new Set(change.add)].filter((serialNumber) => fleet.has(serialNumber));
  let count = await changeChoice(user, id, { add, remove: change.remove });
  if (count > fleet.size) {
    const gone = (await chosenStations(user, id)).filter((serialNumber) => !fleet.has(serialNumber));
    count = await changeChoice(user, id, { remove: gone });
  }
  return { count, refused: new Set(change.add).size - add.length };
}

export interface StationMatch {
  search: string;
  status: StationStatus | null;
  sortBy?: StationSortKey;
  sortDirection?: SortDirection;
}

/** Whether a station shows the status asked for (its state with its firmware's), or none is asked. */
function hasStatus(station: Station, firmwareStatus: Map<string, number>, status: StationStatus | null) {
  if (status === null) return true;
  return (
    stationStatusOf(station.deviceState.computedState, firmwareStatus.get(station.serialNumber) ?? null) === status
  );
}

const listQueryOf = (match: StationMatch) => ({
  search: match.search || undefined,
  sortBy: match.sortBy,
  sortDirection: match.sortDirection,
});

/**
 * Every station the search and the status match, in the list's order, with each one's firmware
 * status (the status filter needs it; so do bulk actions).
 */
export async function matchingStations(
  manager: ManagerClient,
  match: StationMatch,
): Promise<{ stations: Station[]; firmwareStatus: Map<string, number>; rejectedStationsCount: number }> {
  const [list, firmwareStatus] = await Promise.all([
    listAllStations(manager, listQueryOf(match)),
    firmwareStatusOf(manager),
  ]);
  const stations = list.stations.filter((station) => hasStatus(station, firmwareStatus, match.status));
  return { stations, firmwareStatus, rejectedStationsCount: list.rejectedStationsCount };
}

/**
 * One page of the stations the search and the status match, and how many match. The Manager
 * cannot filter by status, so its list is read a page at a time and only the stations of the page
 * asked for are kept (or of the last page, when the page asked for is past the end): one request
 * never holds the whole venue, whose size a process's heap is not bounded by (issue 37).
 */
export async function matchingStationsPage(
  manager: ManagerClient,
  match: StationMatch & { status: StationStatus },
  page: { number: number; size: number },
): Promise<{ stations: Station[]; total: number; rejectedStationsCount: number }> {
  const firmwareStatus = await firmwareStatusOf(manager);
  let total = 0;
  let rejectedStationsCount = 0;
  let wanted: Station[] = [];
  let last: Station[] = [];
  for await (const answer of stationPages(manager, listQueryOf(match))) {
    rejectedStationsCount = answer.rejectedStationsCount;
    for (const station of answer.stations) {
      if (!hasStatus(station, firmwareStatus, match.status)) continue;
      if (total % page.size === 0) last = [];
      last.push(station);
      if (Math.floor(total / page.size) + 1 === page.number) wanted = last;
      total += 1;
    }
  }
  return { stations: page.number <= Math.ceil(total / page.size) ? wanted : last, total, rejectedStationsCount };
}

/** What the bulk rules (and a rollout's plan) read of a station. */
export function bulkCandidateOf(station: Station, firmwareStatus: number | undefined): BulkCandidate {
  return {
    serialNumber: station.serialNumber,
    name: station.name,
    type: station.type,
    computedState: station.deviceState.computedState,
    isReady: station.deviceState.isReady,
    isAuthorized: station.authorization.isAuthorized,
    isChangingMode: station.deviceState.isChangingMode,
    canReboot: station.functionalities.canReboot,
    fingerprint: station.authorization.fingerprint,
    currentFirmwareVersion: station.currentFirmwareVersion,
    firmwareStatus: firmwareStatus ?? 0,
    listenerCount: station.audioChannels.reduce((sum, channel) => sum + channel.listenerCount, 0),
  };
}
