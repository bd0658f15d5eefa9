// Dashboard statistics: connected stations, and enabled channels on connected stations.
import type * as z from "zod";
import { managerPaths } from "../../app/contract/paths";
import type { AudioChannelCountSchema, ConnectedStationCountSchema } from "../../app/contract/statistics";
import type { Simulation } from "../simulation";
import { routePath, type ApiRoutes } from "./routes";

export function statisticsRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  api.get(
    routePath(managerPaths.connectedStationCount),
    "dashboard.show",
    (): z.infer<typeof ConnectedStationCountSchema> => ({
      connectedStationCount: state.currentStatistics().connectedStationCount,
    }),
  );
  api.get(routePath(managerPaths.audioChannelCount), "dashboard.show", (): z.infer<typeof AudioChannelCountSchema> => ({
    audioChannelCount: state.currentStatistics().audioChannelCount,
  }));
}
