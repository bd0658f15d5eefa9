// Station authorization: accept (fingerprint checked), reject, reset rejected stations.
import { managerPaths } from "../../app/contract/paths";
import { AcceptStationSchema } from "../../app/contract/stations";
import { acceptStation, rejectStation, resetRejectedStations } from "../fleet/authorization";
import type { Simulation } from "../simulation";
import { parseWith, Reply } from "./http";
import { param, routePath, type ApiRoutes } from "./routes";

export function authorizationRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  const serialNumber = param("serialNumber");

  api.put(routePath(managerPaths.resetRejectedStations), "stations.authorize", () => {
    resetRejectedStations(state);
    return Reply.noContent();
  });
  api.put(routePath(managerPaths.acceptStation, serialNumber), "stations.authorize", ({ params, body }) =>
    acceptStation(state, params.serialNumber!, parseWith(AcceptStationSchema, body).fingerprint),
  );
  api.put(routePath(managerPaths.rejectStation, serialNumber), "stations.authorize", ({ params }) =>
    rejectStation(state, params.serialNumber!),
  );
}
