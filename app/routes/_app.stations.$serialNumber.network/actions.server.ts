// The Network tab's intents: the interfaces' settings and DNS discovery.
import { saveForm, savedMessages } from "~/route-helpers/form-actions.server";
import type { FormReply } from "~/route-helpers/form-reply";
import {
  dnsDiscoverySchema,
  interfaceSettingsToSave,
  networkFieldNames,
  networkSettingsSchema,
  toDnsDiscoverySettings,
} from "~/domain/network-forms";
import { errorPage } from "~/error-pages.server";
import type { ManagerClient } from "~/manager/http.server";
import { getStation, updateNetworkSettings, updateStationConfiguration } from "~/manager/stations.server";

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
        async save(value) {
          // The Manager takes both interfaces at once: the one the user left alone goes back as it is.
          const { configuration, state } = await getStation(manager, serialNumber);
          await updateNetworkSettings(manager, serialNumber, {
            controlNetworkInterface: interfaceSettingsToSave(value.control, {
              configured: configuration.controlNetworkInterface,
              live: state.controlNetworkInterface,
            }),
            streamingNetworkInterface: interfaceSettingsToSave(value.streaming, {
              configured: configuration.streamingNetworkInterface,
              live: state.streamingNetworkInterface,
            }),
          });
        },
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
