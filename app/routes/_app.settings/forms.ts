// The settings screen's form, declared once: the DNS configuration. Review validates it and opens
// the confirmation with the values in the URL (it works, and can be linked, without JavaScript);
// save validates again and writes. An unchanged form saves nothing.
import { defineForm } from "~/route-helpers/form-declaration";
import { dnsConfigFailedKey, reviewDnsConfig, saveDnsConfig } from "./actions.server";
import { dnsSavedMessage } from "./dns-config-params";

const messages = { done: dnsSavedMessage, failed: dnsConfigFailedKey };
const schema = () => import("./dns-config-schema").then((module) => module.dnsConfigSchema);

export const reviewDnsConfigForm = defineForm({
  intent: "reviewDnsConfig",
  permission: "settings.dnsConfig",
  schema,
  messages,
  handle: reviewDnsConfig,
});

export const saveDnsConfigForm = defineForm({
  intent: "saveDnsConfig",
  permission: "settings.dnsConfig",
  schema,
  messages,
  handle: saveDnsConfig,
});
