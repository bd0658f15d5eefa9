// What the venue looks like on the Manager now: every authorized station (read in pages of 100,
// at most eight pages in flight, so 1,000 stations take ten calls and never a flood), the venue's
// DNS discovery settings and the app customization. Shared by the backup and the restore preview.
import type { Station } from "~/contract/stations";
import { listStations } from "~/manager/stations.server";
import { getSystemSettings } from "~/manager/settings.server";
import { getAppCustomization } from "~/manager/app-customization.server";
import type { ManagerClient } from "~/manager/http.server";
import { managerCallsInFlight, mapWithConcurrency } from "~/utils/bounded-concurrency";

export const stationPageSize = 100;

/**
 * The authorized stations, page by page in the list's order: `onPage` sees each page once it and
 * the pages before it are in, so a caller can write them out and let them go.
 */
export async function forEachStationPage(
  manager: ManagerClient,
  onPage: (stations: Station[]) => void | Promise<void>,
) {
  const first = await listStations(manager, { skip: 0, take: stationPageSize, sortBy: "name", sortDirection: "asc" });
  await onPage(first.stations.filter(isAuthorized));
  const pages = Math.ceil(first.visibleStationsCount / stationPageSize);
  const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, index) => index + 1);
  // Pages come in any order; each is handed on in order as soon as the ones before it are.
  const arrived = new Map<number, Station[]>();
  let handedOn = 1;
  let handing = Promise.resolve();
  await mapWithConcurrency(rest, managerCallsInFlight, async (page) => {
    const { stations } = await listStations(manager, {
      skip: page * stationPageSize,
      take: stationPageSize,
      sortBy: "name",
      sortDirection: "asc",
    });
    arrived.set(page, stations.filter(isAuthorized));
    handing = handing.then(async () => {
      while (arrived.has(handedOn)) {
        const ready = arrived.get(handedOn)!;
        arrived.delete(handedOn);
        handedOn += 1;
        await onPage(ready);
      }
    });
    await handing;
  });
}

function isAuthorized(station: Station) {
  return station.authorization.isAuthorized && !station.authorization.isRejected;
}

/**
 * Every authorized station, in pages of 100 rather than listAllStations' one answer of 1,000: with
 * one answer, the preview of 1,000 stations peaked at 208 MB in one run (198 MB with pages), over
 * the memory target (bench/notes/venue-backup.md).
 */
export async function allStations(manager: ManagerClient): Promise<Station[]> {
  const stations: Station[] = [];
  await forEachStationPage(manager, (page) => void stations.push(...page));
  return stations;
}

export async function venueSettings(manager: ManagerClient) {
  const [system, customization] = await Promise.all([getSystemSettings(manager), getAppCustomization(manager)]);
  return { systemSettings: system, appCustomization: customization };
}
