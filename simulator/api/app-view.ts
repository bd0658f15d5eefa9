// The app view (every authorized station and its channels) and the channel order.
import { managerPaths } from "../../app/contract/paths";
import { UpdateChannelOrderSchema } from "../../app/contract/app-view";
import { appView, updateChannelOrder } from "../fleet/app-view";
import type { Simulation } from "../simulation";
import { parseWith } from "./http";
import { routePath, type ApiRoutes } from "./routes";

export function appViewRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  api.get(routePath(managerPaths.appView), "appView.show", () => appView(state));
  api.put(routePath(managerPaths.updateChannelOrder), "appView.sort", ({ body }) =>
    updateChannelOrder(state, parseWith(UpdateChannelOrderSchema, body)),
  );
}
