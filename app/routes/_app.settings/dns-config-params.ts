// The DNS configuration's URL state and flash, without zod (the form's schema, in
// dns-config-schema.ts, is loaded when the form is first touched).
import type { DnsDiscoverySettings } from "~/contract/station-parts";

/** The flash of a successful save; with JavaScript it also gives the button its success state. */
export const dnsSavedMessage = "admin:components.dnsConfigCard.savedMessage";

/** The confirmation is URL state; the reviewed values ride along so cancelling keeps them. */
export const dnsConfirmName = "dnsConfig";
export const dnsParams = { useDnsDiscovery: "useDnsDiscovery", managerIpAddress: "managerIpAddress" } as const;

export function dnsSearchParams(values: DnsDiscoverySettings) {
  return {
    [dnsParams.useDnsDiscovery]: values.useDnsDiscovery ? "on" : "off",
    [dnsParams.managerIpAddress]: values.useDnsDiscovery ? "" : values.managerIpAddress.trim(),
  };
}

/** Values reviewed but not saved yet, from the page's URL. */
export function reviewedDnsConfig(search: URLSearchParams): DnsDiscoverySettings | null {
  const useDnsDiscovery = search.get(dnsParams.useDnsDiscovery);
  if (useDnsDiscovery !== "on" && useDnsDiscovery !== "off") return null;
  return { useDnsDiscovery: useDnsDiscovery === "on", managerIpAddress: search.get(dnsParams.managerIpAddress) ?? "" };
}
