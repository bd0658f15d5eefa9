// /stations/:serialNumber/network — the Network tab: both interfaces and DNS discovery.
import { dispatchIntent } from "~/route-helpers/intents.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { ReadOnlyNotice } from "~/components/stations/ReadOnlyNotice";
import { DirtyFormsGuard } from "~/components/stations/dirty-forms";
import { replyFor, type FormReply } from "~/route-helpers/form-reply";
import { dnsDiscoveryForm, networkSettingsForm } from "./forms";
import { constraintsOf, intentTable } from "~/route-helpers/intent-table.server";
import { DnsDiscoveryForm } from "./DnsDiscoveryForm";
import { NetworkSettingsForm, type InterfaceView } from "./NetworkSettingsForm";
import { useStationAvailability } from "~/components/stations/station-details";
import { joinSearchDomains, type InterfaceRole } from "~/domain/network";
import { interfaceFormValues } from "~/domain/network-form-values";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { Station } from "~/contract/stations";
import type { NetworkInterface } from "~/contract/station-parts";
import { getStation } from "~/manager/stations.server";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { Stack } from "~/components/ui/stack";

function interfaceView(station: Station, role: InterfaceRole): InterfaceView {
  const key = role === "control" ? "controlNetworkInterface" : "streamingNetworkInterface";
  const live: NetworkInterface = station.state[key];
  const configured: NetworkInterface = station.configuration[key];
  return {
    role,
    type: configured.type,
    live: {
      state: live.state,
      physicalAddress: live.physicalAddress,
      mode: live.mode,
      ip: live.ip,
      netmask: live.netmask,
      prefixLength: live.prefixLength,
      gateway: live.gateway,
      dns: [live.dns1, live.dns2, live.dns3],
      searchDomains: joinSearchDomains(live.searchDomains),
      fqdn: live.fqdn,
    },
    settings: interfaceFormValues(configured, live),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { manager } = await requireUser(request, "stations.show");
  const station = await loadOrThrow(request, () => getStation(manager, params.serialNumber!), "station");
  return {
    interfaces: { control: interfaceView(station, "control"), streaming: interfaceView(station, "streaming") },
    dnsDiscovery: station.configuration.dnsDiscovery,
    constraints: await constraintsOf(networkSettingsForm, dnsDiscoveryForm),
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(networkSettingsForm, dnsDiscoveryForm));

export default function StationNetwork() {
  const { interfaces, dnsDiscovery, constraints } = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  const availability = useStationAvailability();
  const { serialNumber } = useParams();
  return (
    <DirtyFormsGuard>
      <Stack gap="lg">
        <ReadOnlyNotice reason={availability.editBlockedBy} serialNumber={serialNumber!} />
        <NetworkSettingsForm
          key={JSON.stringify([interfaces.control.settings, interfaces.streaming.settings])}
          interfaces={interfaces}
          constraint={constraints.saveNetwork}
          reply={replyFor(reply, networkSettingsForm.intent)}
          disabled={!availability.canEdit}
        />
        <DnsDiscoveryForm
          key={JSON.stringify(dnsDiscovery)}
          settings={dnsDiscovery}
          constraint={constraints.saveDnsDiscovery}
          reply={replyFor(reply, dnsDiscoveryForm.intent)}
          disabled={!availability.canEdit}
        />
      </Stack>
    </DirtyFormsGuard>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
