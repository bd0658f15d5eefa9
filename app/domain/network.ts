// Network interface rules (operations.md §3, §5).
import type { NetworkInterfaceType, StationType } from "~/contract/enums";

/** Edited as a comma-separated string: split on commas, trim each part, drop empty parts. */
export function splitSearchDomains(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export function joinSearchDomains(domains: readonly string[]): string {
  return domains.join(", ");
}

/** The number of leading one bits of a (valid) netmask. */
export function prefixLength(netmask: string): number {
  return netmask
    .split(".")
    .map((octet) => Number(octet).toString(2).replace(/0+$/, "").length)
    .reduce((sum, bits) => sum + bits, 0);
}

export type InterfaceRole = "control" | "streaming";

/** v1: LAN2 streams and LAN3 controls; v2: PoE/Stream streams and Ctrl controls. */
export function interfaceTypeFor(stationType: StationType, role: InterfaceRole): NetworkInterfaceType {
  if (stationType === 1) return role === "streaming" ? "Cs1Lan2" : "Cs1Lan3";
  if (stationType === 2) return role === "streaming" ? "Cs2PoE" : "Cs2Control";
  return "Unknown";
}

/** The label key of an interface type (stations:network.interfaceTypes.<type>). */
export const interfaceLabels: Record<NetworkInterfaceType, string> = {
  Unknown: "Unknown",
  Cs1Lan2: "LAN2 (streaming)",
  Cs1Lan3: "LAN3 (control)",
  Cs2Control: "Ctrl",
  Cs2PoE: "PoE/Stream",
};

/** A host or domain name: dot-separated labels of letters, digits and inner hyphens (RFC 1123). */
export function isHostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  return value
    .replace(/\.$/, "")
    .split(".")
    .every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}
