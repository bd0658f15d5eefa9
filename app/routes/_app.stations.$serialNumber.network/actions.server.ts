// The Network tab's intents: the interfaces' settings and DNS discovery.
import type { IntentTable } from "~/route-helpers/intents.server";
import { stationIntent } from "~/route-helpers/station-intents.server";
import type { NetworkIntent } from "./intents";
import { saveForm, savedMessages } from "~/route-helpers/form-actions.server";
import type { FormReply } from "~/route-helpers/form-reply";
import {
  dnsDiscoverySchema,
  interfaceSettingsToSave,
  networkFieldNames,
  networkSettingsSchema,
  toDnsDiscoverySettings,
} from "~/domain/network-forms";
import { getStation, updateNetworkSettings, updateStationConfiguration } from "~/manager/stations.server";

const saveNetwork = stationIntent(({ request, manager, formData, intent, serialNumber, values }) =>
  saveForm(request, formData, {
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
  }),
);

const saveDnsDiscovery = stationIntent(({ request, manager, formData, intent, serialNumber, values }) =>
  saveForm(request, formData, {
    intent,
    schema: dnsDiscoverySchema,
    saveFailedKey: "stations:components.dnsConfigCard.errors.submit",
    success: { message: "stations:dnsDiscovery.saved", values },
    notFound: "station",
    fieldNames: { "dnsDiscovery.managerIpAddress": "managerIpAddress" },
    save: (value) => updateStationConfiguration(manager, serialNumber, { dnsDiscovery: toDnsDiscoverySettings(value) }),
  }),
);

/** The Network tab's intents; each needs "stations.edit". */
export const networkRoutes: IntentTable<NetworkIntent, FormReply | Response> = { saveNetwork, saveDnsDiscovery };
