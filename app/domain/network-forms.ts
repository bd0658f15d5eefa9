// The Network tab's forms (operations.md §5, administration.md §5): per interface, a static
// address needs a valid IP and netmask and at least one DNS server; DNS discovery off needs a
// valid manager IP. Built from the shared rule builders.
import * as z from "zod";
import { isHostname, splitSearchDomains } from "~/domain/network";
import { dnsFields, interfaceFormValues } from "~/domain/network-form-values";
import { choiceOf, optionalText } from "~/domain/form-fields";
import { firstFailure, ipv4, netmask, required } from "~/domain/validation";
import type { DnsDiscoverySettings, NetworkInterface, NetworkInterfaceSettings } from "~/contract/station-parts";

export { dnsFields, interfaceFormValues, type InterfaceFormValues } from "~/domain/network-form-values";

const text = optionalText();

export const networkInterfaceSchema = z
  .object({
    mode: choiceOf(["Dynamic", "Static"], "stations:validation.chooseOne"),
    ip: text,
    netmask: text,
    gateway: text,
    dns1: text,
    dns2: text,
    dns3: text,
    searchDomains: text,
    fqdn: text,
  })
  .superRefine((value, context) => {
    const report = (path: string, message: string | null) => {
      if (message) context.addIssue({ code: "custom", path: [path], message });
    };
    if (value.fqdn && !isHostname(value.fqdn)) report("fqdn", "stations:validation.fqdnInvalid");
    if (splitSearchDomains(value.searchDomains ?? "").some((domain) => !isHostname(domain))) {
      report("searchDomains", "stations:validation.searchDomainsInvalid");
    }
    // A dynamic interface takes its address from DHCP: the static fields do not apply.
    if (value.mode !== "Static") return;
    report(
      "ip",
      firstFailure(value.ip, [required("stations:validation.ipRequired"), ipv4("stations:validation.ipInvalid")]),
    );
    report(
      "netmask",
      firstFailure(value.netmask, [
        required("stations:validation.netmaskRequired"),
        netmask("stations:validation.netmaskInvalid"),
      ]),
    );
    report("gateway", ipv4("stations:validation.ipInvalid")(value.gateway));
    for (const field of dnsFields) report(field, ipv4("stations:validation.ipInvalid")(value[field]));
    if (dnsFields.every((field) => !value[field])) report("dns1", "stations:validation.dnsRequired");
  });
export type NetworkInterfaceForm = z.output<typeof networkInterfaceSchema>;

export const networkSettingsSchema = z.object({
  control: networkInterfaceSchema,
  streaming: networkInterfaceSchema,
});

export function toNetworkInterfaceSettings(value: NetworkInterfaceForm): NetworkInterfaceSettings {
  return {
    mode: value.mode,
    ip: value.ip ?? "",
    netmask: value.netmask ?? "",
    gateway: value.gateway ?? "",
    dns1: value.dns1 ?? "",
    dns2: value.dns2 ?? "",
    dns3: value.dns3 ?? "",
    searchDomains: splitSearchDomains(value.searchDomains ?? ""),
    fqdn: value.fqdn ?? "",
  };
}

/**
 * The settings as the station applies and keeps them: a dynamic interface ignores the static
 * fields (the Manager stores them empty).
 */
export function storedInterfaceSettings(settings: NetworkInterfaceSettings): NetworkInterfaceSettings {
  if (settings.mode === "Static") return settings;
  return { ...settings, ip: "", netmask: "", gateway: "", dns1: "", dns2: "", dns3: "" };
}

/** The interface's configuration as UpdateNetworkSettings takes it back. */
export function currentInterfaceSettings(configured: NetworkInterface): NetworkInterfaceSettings {
  const { mode, ip, netmask, gateway, dns1, dns2, dns3, searchDomains, fqdn } = configured;
  return {
    mode: mode === "Static" ? "Static" : "Dynamic",
    ip,
    netmask,
    gateway,
    dns1,
    dns2,
    dns3,
    searchDomains,
    fqdn,
  };
}

/**
 * What to send for one interface when the page saves both (UpdateNetworkSettings takes both): the
 * submitted settings when the user changed them from what the form showed, otherwise the
 * interface's configuration exactly as it is — saving one interface never changes the other.
 */
export function interfaceSettingsToSave(
  submitted: NetworkInterfaceForm,
  interfaces: { configured: NetworkInterface; live: NetworkInterface },
): NetworkInterfaceSettings {
  const wanted = storedInterfaceSettings(toNetworkInterfaceSettings(submitted));
  const shown = storedInterfaceSettings(
    toNetworkInterfaceSettings(interfaceFormValues(interfaces.configured, interfaces.live)),
  );
  return JSON.stringify(wanted) === JSON.stringify(shown) ? currentInterfaceSettings(interfaces.configured) : wanted;
}

/** The Manager names a field of UpdateNetworkSettings by its path; the form by its own. */
export const networkFieldNames: Record<string, string> = Object.fromEntries(
  (["control", "streaming"] as const).flatMap((role) =>
    ["mode", "ip", "netmask", "gateway", ...dnsFields, "searchDomains", "fqdn"].map((field) => [
      `${role}NetworkInterface.${field}`,
      `${role}.${field}`,
    ]),
  ),
);

export const dnsDiscoverySchema = z
  .object({
    useDnsDiscovery: z.boolean().default(false),
    managerIpAddress: text,
  })
  .superRefine((value, context) => {
    if (value.useDnsDiscovery) return;
    const message = firstFailure(value.managerIpAddress, [
      required("stations:components.dnsConfigCard.errors.ipRequired"),
      ipv4("stations:components.dnsConfigCard.errors.ipInvalid"),
    ]);
    if (message) context.addIssue({ code: "custom", path: ["managerIpAddress"], message });
  });

export function toDnsDiscoverySettings(value: z.output<typeof dnsDiscoverySchema>): DnsDiscoverySettings {
  return { useDnsDiscovery: value.useDnsDiscovery, managerIpAddress: value.managerIpAddress ?? "" };
}
