// The stations list filtered by status reads the Manager a page at a time and keeps only the page
// shown (issue 37): it must show exactly what filtering the whole list would, on every page, past
// the end of the list, and across the Manager's pages of 1,000 (a fleet of 1,200: two of them).
import { beforeAll, describe, expect, it } from "vitest";
import { stationStatuses } from "~/domain/bulk-actions";
import type { ManagerClient } from "~/manager/http.server";
import { matchingStations, matchingStationsPage } from "~/route-helpers/station-selection.server";
import { managerClientAs, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "whole file");
let manager: ManagerClient;

beforeAll(async () => {
  manager = await managerClientAs(simulator, "Admin");
  expect((await simulator.control("/seed", { stations: 1200 })).status).toBe(200);
});

describe("a page of the stations a status matches", () => {
  it("is the page of the whole filtered list, for every status, page and size", async () => {
    let statusesSeen = 0;
    for (const status of stationStatuses) {
      const match = { search: "", status, sortBy: "name" as const, sortDirection: "asc" as const };
      const all = (await matchingStations(manager, match)).stations.map((station) => station.serialNumber);
      if (all.length > 0) statusesSeen += 1;
      // Each page read walks the whole list: the first, a middle and the last page, one past the end.
      for (const size of [25, 100]) {
        const pages = Math.max(1, Math.ceil(all.length / size));
        const numbers = size === 25 ? [1, pages, pages + 3] : [2, Math.ceil(pages / 2)];
        for (const number of new Set(numbers)) {
          const page = await matchingStationsPage(manager, match, { number, size });
          const shown = Math.min(number, pages);
          expect(page.total, `${status}, page ${number} of ${size}`).toBe(all.length);
          expect(
            page.stations.map((station) => station.serialNumber),
            `${status}, page ${number} of ${size}`,
          ).toEqual(all.slice((shown - 1) * size, shown * size));
        }
      }
    }
    // The fleet of 1,200 has stations of several statuses, so pages of more than one length ran.
    expect(statusesSeen).toBeGreaterThan(1);
    // Fifty walks over 1,200 stations: seconds alone, much longer beside the browser tests.
  }, 120_000);

  it("follows the search and the order", async () => {
    const match = { search: "1", status: "running" as const, sortBy: "name" as const, sortDirection: "desc" as const };
    const all = (await matchingStations(manager, match)).stations.map((station) => station.serialNumber);
    expect(all.length).toBeGreaterThan(50);
    const page = await matchingStationsPage(manager, match, { number: 2, size: 50 });
    expect(page.stations.map((station) => station.serialNumber)).toEqual(all.slice(50, 100));
  });
});
