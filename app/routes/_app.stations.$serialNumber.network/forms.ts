// The Network tab's forms, each declared once: the interfaces' settings and DNS discovery.
import { defineForm } from "~/route-helpers/form-declaration";
import { networkFieldNames, saveDnsDiscovery, saveNetworkSettings } from "./actions.server";

const networkForms = () => import("~/domain/network-forms");

export const networkSettingsForm = defineForm({
  intent: "saveNetwork",
  permission: "stations.edit",
  scope: "station",
  schema: () => networkForms().then((forms) => forms.networkSettingsSchema),
  messages: { done: "stations:network.saved", failed: "stations:network.saveFailed" },
  fieldNames: networkFieldNames,
  save: saveNetworkSettings,
});

export const dnsDiscoveryForm = defineForm({
  intent: "saveDnsDiscovery",
  permission: "stations.edit",
  scope: "station",
  schema: () => networkForms().then((forms) => forms.dnsDiscoverySchema),
  messages: { done: "stations:dnsDiscovery.saved", failed: "stations:components.dnsConfigCard.errors.submit" },
  fieldNames: { "dnsDiscovery.managerIpAddress": "managerIpAddress" },
  save: saveDnsDiscovery,
});
