import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { SettingsSchema, SystemSettingsSchema, type SystemSettings } from "~/contract/settings";

export function getSettings(manager: ManagerClient) {
  return manager.get(managerPaths.settings(), SettingsSchema);
}

export function getSystemSettings(manager: ManagerClient) {
  return manager.get(managerPaths.systemSettings(), SystemSettingsSchema);
}

export function updateSystemSettings(manager: ManagerClient, settings: SystemSettings) {
  return manager.send("PUT", managerPaths.systemSettings(), settings, SystemSettingsSchema);
}
