// The Network tab's intents: the interfaces' settings and DNS discovery.
import { saveForm, savedMessages } from "~/components/stations/form-actions.server";
import type { FormReply } from "~/components/stations/form-reply";
import { dnsDiscoverySchema, networkFieldNames, networkSettingsSchema, toDnsDiscoverySettings, toNetworkInterfaceSettings } from "~/domain/network-forms";
import { errorPage } from "~/error-pages.server";
import type { ManagerClient } from "~/manager/http.server";
import { updateNetworkSettings, updateStationConfiguration } from "~/manager/stations.server";

export async function networkAction(
  request: Request,
  manager: ManagerClient,
  serialNumber: string,
  formData: FormData,
): Promise<FormReply | Response> {
  const intent = String(formData.get("intent"));
  const values = { serialNumber };
  switch (intent) {
    case "saveNetwork":
      return saveForm(request, formData, {
        intent,
        schema: networkSettingsSchema,
        ...savedMessages("network", values),
        fieldNames: networkFieldNames,
        save: (value) =>
          updateNetworkSettings(manager, serialNumber, {
            controlNetworkInterface: toNetworkInterfaceSettings(value.control),
            streamingNetworkInterface: toNetworkInterfaceSettings(value.streaming),
          }),
      });
    case "saveDnsDiscovery":
      return saveForm(request, formData, {
        intent,
        schema: dnsDiscoverySchema,
        saveFailedKey: "stations:components.dnsConfigCard.errors.submit",
        success: { message: "stations:dnsDiscovery.saved", values },
        notFound: "station",
        fieldNames: { "dnsDiscovery.managerIpAddress": "managerIpAddress" },
        save: (value) => updateStationConfiguration(manager, serialNumber, { dnsDiscovery: toDnsDiscoverySettings(value) }),
      });
    default:
      throw errorPage("notFound");
  }
}
