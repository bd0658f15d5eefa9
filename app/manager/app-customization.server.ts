import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { AppCustomizationSchema, type WritableAppCustomization } from "~/contract/app-customization";

/** The stored customization, or null when none exists (204 or 404). */
export function getAppCustomization(manager: ManagerClient) {
  return manager.getOptional(managerPaths.appCustomization(), AppCustomizationSchema);
}

export function createAppCustomization(manager: ManagerClient, configuration: WritableAppCustomization) {
  return manager.send("POST", managerPaths.appCustomization(), configuration, AppCustomizationSchema);
}

export function updateAppCustomization(manager: ManagerClient, id: string, configuration: WritableAppCustomization) {
  return manager.send("PUT", managerPaths.appCustomizationById(id), configuration, AppCustomizationSchema);
}

/** Resets to the defaults: answers the default configuration. */
export function deleteAppCustomization(manager: ManagerClient, id: string, current: WritableAppCustomization) {
  return manager.send("DELETE", managerPaths.appCustomizationById(id), current, AppCustomizationSchema);
}

/** Saves the configuration: an update of the stored one, or a create when none is stored. */
export async function saveAppCustomization(manager: ManagerClient, configuration: WritableAppCustomization) {
  const stored = await getAppCustomization(manager);
  return stored
    ? updateAppCustomization(manager, stored.id, configuration)
    : createAppCustomization(manager, configuration);
}
