// What the Network tab's interface form starts from, without zod: the browser renders the form
// before the schemas in network-forms.ts are loaded.
import { joinSearchDomains } from "~/domain/network";
import type { NetworkInterface } from "~/contract/station-parts";

export const dnsFields = ["dns1", "dns2", "dns3"] as const;

export interface InterfaceFormValues {
  mode: "Dynamic" | "Static";
  ip: string;
  netmask: string;
  gateway: string;
  dns1: string;
  dns2: string;
  dns3: string;
  searchDomains: string;
  fqdn: string;
}

/**
 * What an interface's form starts from: its configuration, and for a dynamic interface the DHCP
 * lease where the configuration is empty — so a switch to static keeps the address it has, and
 * the form never shows empty search domains while the interface uses some.
 */
export function interfaceFormValues(configured: NetworkInterface, live: NetworkInterface): InterfaceFormValues {
  const isStatic = configured.mode === "Static";
  const orLease = (value: string, leased: string) => value || (isStatic ? "" : leased);
  return {
    mode: isStatic ? "Static" : "Dynamic",
    ip: orLease(configured.ip, live.ip),
    netmask: orLease(configured.netmask, live.netmask),
    gateway: orLease(configured.gateway, live.gateway),
    dns1: orLease(configured.dns1, live.dns1),
    dns2: orLease(configured.dns2, live.dns2),
    dns3: orLease(configured.dns3, live.dns3),
    searchDomains: orLease(joinSearchDomains(configured.searchDomains), joinSearchDomains(live.searchDomains)),
    fqdn: orLease(configured.fqdn, live.fqdn),
  };
}
