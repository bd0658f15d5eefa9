// General settings (any signed-in user: every console page needs the footer and links) and
// the system settings with DNS discovery.
import { managerPaths } from "../../app/contract/paths";
import { SystemSettingsSchema } from "../../app/contract/settings";
import { generalSettings, updateSystemSettings } from "../admin/settings";
import type { Simulation } from "../simulation";
import { parseWith } from "./http";
import { routePath, type ApiRoutes } from "./routes";

export function settingsRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  api.get(routePath(managerPaths.settings), "signedIn", () => generalSettings(state));
  api.get(routePath(managerPaths.systemSettings), "settings.show", () => state.meta.systemSettings);
  api.put(routePath(managerPaths.systemSettings), "settings.dnsConfig", ({ body }) =>
    updateSystemSettings(
      state,
      parseWith(SystemSettingsSchema, body, { "dnsDiscoverySettings.managerIpAddress": { required: false } }),
    ),
  );
}
