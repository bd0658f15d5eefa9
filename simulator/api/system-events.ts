// System events: newest first with paging, dismiss one or all, download as a CSV file.
import { managerPaths } from "../../app/contract/paths";
import { SystemEventQuerySchema } from "../../app/contract/statistics";
import { dismissAllSystemEvents, dismissSystemEvent, listSystemEvents, systemEventsCsv } from "../events/system-events";
import type { Simulation } from "../simulation";
import { parseWith, Reply } from "./http";
import { param, routePath, type ApiRoutes } from "./routes";

export function systemEventRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;

  api.get(routePath(managerPaths.systemEvents), "dashboard.show", ({ query }) =>
    listSystemEvents(state, parseWith(SystemEventQuerySchema, query)),
  );
  api.get(routePath(managerPaths.downloadSystemEvents), "dashboard.show", () => {
    const day = state.clock.now().toISOString().slice(0, 10);
    return Reply.file("text/csv; charset=utf-8", `system-events-${day}.csv`, systemEventsCsv(state));
  });
  api.put(routePath(managerPaths.dismissAllSystemEvents), "systemEvents.dismiss", () => {
    dismissAllSystemEvents(state);
    return Reply.noContent();
  });
  api.put(routePath(managerPaths.dismissSystemEvent, param("id")), "systemEvents.dismiss", ({ params }) =>
    dismissSystemEvent(state, params.id!),
  );
}
