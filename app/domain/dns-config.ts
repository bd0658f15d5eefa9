// The DNS configuration card's rules (administration.md §2, §5): the manager IP is needed only
// while DNS discovery is off; save only what differs from the stored settings.
import { isIpv4 } from "~/domain/validation";
import type { DnsDiscoverySettings } from "~/contract/station-parts";

export type DnsIpError = "ipRequired" | "ipInvalid";

/** Required and a valid IPv4 address, but only when DNS discovery is off. */
export function managerIpError(settings: DnsDiscoverySettings): DnsIpError | null {
  if (settings.useDnsDiscovery) return null;
  const ip = settings.managerIpAddress.trim();
  if (ip === "") return "ipRequired";
  return isIpv4(ip) ? null : "ipInvalid";
}

/**
 * Whether the form differs from the stored settings. While discovery is on the IP field is
 * disabled, so only the switch counts.
 */
export function isDnsConfigChanged(form: DnsDiscoverySettings, stored: DnsDiscoverySettings): boolean {
  if (form.useDnsDiscovery !== stored.useDnsDiscovery) return true;
  if (form.useDnsDiscovery) return false;
  return form.managerIpAddress.trim() !== stored.managerIpAddress.trim();
}

/** What is written: with discovery on, the stored IP is kept (the field cannot be edited then). */
export function dnsSettingsForSave(form: DnsDiscoverySettings, stored: DnsDiscoverySettings): DnsDiscoverySettings {
  return form.useDnsDiscovery
    ? { useDnsDiscovery: true, managerIpAddress: stored.managerIpAddress }
    : { useDnsDiscovery: false, managerIpAddress: form.managerIpAddress.trim() };
}

/** What the card shows as active: DNS discovery, or the stored manager IP. */
export function activeDnsConfig(stored: DnsDiscoverySettings): { kind: "dns" } | { kind: "ip"; ip: string } {
  return stored.useDnsDiscovery ? { kind: "dns" } : { kind: "ip", ip: stored.managerIpAddress };
}
