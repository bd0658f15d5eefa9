// General settings (what the console loads before anything else) and the system settings with
// DNS discovery, which the Manager hands to stations that cannot find it by DNS.
import type { Settings, SystemSettings } from "../../app/contract/settings";
import { dnsDiscoveryErrors } from "../fleet/network-settings";
import { problems, type FieldErrors } from "../problems";
import type { ManagerState } from "../state";

export const backendVersion = "3.4.1-simulator";
export const accountsUrl = "https://accounts.mobileconnect.example";
export const documentationsUrl = "https://docs.mobileconnect.example";

export const featureFlags = [
  { name: "audienceMic", enabled: true },
  { name: "appCustomization", enabled: true },
  { name: "apiTokens", enabled: true },
];

export function generalSettings(state: ManagerState): Settings {
  return {
    accountsUrl,
    documentationsUrl,
    backendVersion,
    featureFlags,
    systemSettings: state.meta.systemSettings,
  };
}

export function updateSystemSettings(state: ManagerState, settings: SystemSettings): SystemSettings {
  const errors: FieldErrors = {};
  dnsDiscoveryErrors(settings.dnsDiscoverySettings, "dnsDiscoverySettings", errors);
  if (Object.keys(errors).length > 0) throw problems.validation(errors);
  const stored: SystemSettings = {
    dnsDiscoverySettings: {
      useDnsDiscovery: settings.dnsDiscoverySettings.useDnsDiscovery,
      managerIpAddress: settings.dnsDiscoverySettings.managerIpAddress.trim(),
    },
  };
  state.saveMeta("systemSettings", stored);
  return stored;
}
