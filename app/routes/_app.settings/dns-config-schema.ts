// The DNS configuration form: one schema for the server and, with JavaScript, the browser.
import * as z from "zod";
import { managerIpError } from "~/domain/dns-config";
import type { DnsDiscoverySettings } from "~/contract/station-parts";

const messages = {
  ipRequired: "admin:components.dnsConfigCard.errors.ipRequired",
  ipInvalid: "admin:components.dnsConfigCard.errors.ipInvalid",
} as const;

export const dnsConfigSchema = z
  .object({
    useDnsDiscovery: z.boolean().default(false),
    // Disabled (so not posted) while discovery is on.
    managerIpAddress: z.string().default(""),
  })
  .superRefine((value, context) => {
    const error = managerIpError(value);
    if (error) context.addIssue({ code: "custom", path: ["managerIpAddress"], message: messages[error] });
  });

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
