// Checking and applying network settings the way the station would accept them (spec §5:
// IP and netmask required and valid, at least one DNS; search domains split and trimmed).
import type {
  DnsDiscoverySettings,
  NetworkInterface,
  NetworkInterfaceSettings,
} from "../../app/contract/station-parts";
import type { FieldErrors } from "../problems";
import { prefixLength, splitSearchDomains } from "../../app/domain/network";
import { isIpv4, isNetmask } from "../../app/domain/validation";

function addError(errors: FieldErrors, path: string, message: string) {
  (errors[path] ??= []).push(message);
}

export function networkInterfaceErrors(settings: NetworkInterfaceSettings, path: string, errors: FieldErrors) {
  if (settings.mode !== "Static") return;
  if (settings.ip.trim() === "") addError(errors, `${path}.ip`, "An IP address is required.");
  else if (!isIpv4(settings.ip)) addError(errors, `${path}.ip`, "Not a valid IPv4 address.");
  if (settings.netmask.trim() === "") addError(errors, `${path}.netmask`, "A netmask is required.");
  else if (!isNetmask(settings.netmask)) addError(errors, `${path}.netmask`, "Not a valid netmask.");
  if (settings.gateway !== "" && !isIpv4(settings.gateway)) {
    addError(errors, `${path}.gateway`, "Not a valid IPv4 address.");
  }
  const dnsFields = ["dns1", "dns2", "dns3"] as const;
  for (const field of dnsFields) {
    if (settings[field] !== "" && !isIpv4(settings[field]))
      addError(errors, `${path}.${field}`, "Not a valid IPv4 address.");
  }
  if (dnsFields.every((field) => settings[field].trim() === "")) {
    addError(errors, `${path}.dns1`, "At least one DNS server is required.");
  }
}

/** Each entry may itself be a comma-separated string, as the console's field is. */
export function normalizeSearchDomains(searchDomains: readonly string[]): string[] {
  return searchDomains.flatMap(splitSearchDomains);
}

/** The configured interface after a settings change (type, MAC and link state stay the device's). */
export function configuredInterface(current: NetworkInterface, settings: NetworkInterfaceSettings): NetworkInterface {
  const isStatic = settings.mode === "Static";
  return {
    ...current,
    mode: settings.mode,
    ip: isStatic ? settings.ip : "",
    netmask: isStatic ? settings.netmask : "",
    prefixLength: isStatic ? prefixLength(settings.netmask) : 0,
    gateway: isStatic ? settings.gateway : "",
    dns1: isStatic ? settings.dns1 : "",
    dns2: isStatic ? settings.dns2 : "",
    dns3: isStatic ? settings.dns3 : "",
    searchDomains: normalizeSearchDomains(settings.searchDomains),
    fqdn: settings.fqdn.trim(),
  };
}

/** What the station reports once it applied the settings: a static address as configured, else its DHCP lease. */
export function liveInterface(current: NetworkInterface, configured: NetworkInterface): NetworkInterface {
  if (configured.mode !== "Static") {
    return {
      ...current,
      mode: "Dynamic",
      searchDomains: configured.searchDomains,
      fqdn: configured.fqdn || current.fqdn,
    };
  }
  return { ...configured, state: current.state };
}

/** DNS discovery off needs a manager IP (spec §5: required, and a valid IPv4 address). */
export function dnsDiscoveryErrors(settings: DnsDiscoverySettings, path: string, errors: FieldErrors) {
  if (settings.useDnsDiscovery) return;
  if (settings.managerIpAddress.trim() === "")
    addError(errors, `${path}.managerIpAddress`, "A manager IP address is required.");
  else if (!isIpv4(settings.managerIpAddress)) {
    addError(errors, `${path}.managerIpAddress`, "Not a valid IPv4 address.");
  }
}
