// The route a request is counted under: the deepest matching route, the same the first time, when
// remembered, and after more distinct paths than the matcher remembers.
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "../../server/observability/route-ids";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});

const routes = {
  root: route("root", undefined, ""),
  "routes/_app": route("routes/_app", "root"),
  "routes/_app.stations._index": route("routes/_app.stations._index", "routes/_app", "stations", true),
  "routes/_app.stations.$serialNumber": route(
    "routes/_app.stations.$serialNumber",
    "routes/_app",
    "stations/:serialNumber",
  ),
} as unknown as ServerBuild["routes"];

describe("route ids", () => {
  it("name the deepest matching route, a .data request as its page, every time", () => {
    const routeOf = createRouteMatcher(routes);
    for (let round = 0; round < 2; round += 1) {
      expect(routeOf("/stations")).toBe("routes/_app.stations._index");
      expect(routeOf("/stations.data")).toBe("routes/_app.stations._index");
      expect(routeOf("/stations/MCS-0042")).toBe("routes/_app.stations.$serialNumber");
      expect(routeOf("/no/such/page")).toBe("(unmatched)");
    }
  });

  it("stay right past the number of paths remembered", () => {
    const routeOf = createRouteMatcher(routes);
    for (let station = 0; station < 2500; station += 1)
      expect(routeOf(`/stations/MCS-${station}`)).toBe("routes/_app.stations.$serialNumber");
    expect(routeOf("/stations")).toBe("routes/_app.stations._index");
  });
});
