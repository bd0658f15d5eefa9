// The Network tab's Manager calls that need the forms' zod modules (kept out of the declarations,
// which the browser loads with the page).
import {
  interfaceSettingsToSave,
  toDnsDiscoverySettings,
  type dnsDiscoverySchema,
  type networkSettingsSchema,
} from "~/domain/network-forms";
import { getStation, updateNetworkSettings, updateStationConfiguration } from "~/manager/stations.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import type * as z from "zod";

export { networkFieldNames } from "~/domain/network-forms";

export async function saveNetworkSettings(
  value: z.output<typeof networkSettingsSchema>,
  { manager, serialNumber }: ActionContext,
) {
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
}

export function saveDnsDiscovery(value: z.output<typeof dnsDiscoverySchema>, { manager, serialNumber }: ActionContext) {
  return updateStationConfiguration(manager, serialNumber, { dnsDiscovery: toDnsDiscoverySettings(value) });
}
