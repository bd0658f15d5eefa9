// /stations/:serialNumber and its tabs (General, Network, Log, Firmware): the station's head and
// what its state allows, shared by the tabs. Station and firmware pushes revalidate the page; a
// station removed meanwhile shows the station-not-found page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type MetaFunction } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { StationHeaderBlock } from "~/components/stations/StationHeaderBlock";
import type { StationDetailsData } from "~/components/stations/station-details";
import { displayName } from "~/components/stations/views";
import { stationAvailability } from "~/domain/station-state";
import { getFirmwareInfo } from "~/manager/firmware.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { getStation } from "~/manager/stations.server";
import type { loader as rootLoader } from "~/root";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { Stack } from "~/components/ui/stack";

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = (args) =>
  pageTitle("stations", args.data?.header.displayName)(args as Parameters<ReturnType<typeof pageTitle>>[0]);

export const handle = { titleKey: "stations", hubs: ["stationsHub", "updaterHub"] } satisfies ScreenHandle;

export async function loader({ request, params }: LoaderFunctionArgs): Promise<StationDetailsData> {
  const { manager } = await requireUser(request, "stations.show");
  const serialNumber = params.serialNumber!;
  const [station, firmware] = await loadOrThrow(
    request,
    () => Promise.all([getStation(manager, serialNumber), getFirmwareInfo(manager, serialNumber)]),
    "station",
  );
  return {
    header: {
      serialNumber: station.serialNumber,
      displayName: displayName(station),
      type: station.type,
      computedState: station.deviceState.computedState,
      isChangingMode: station.deviceState.isChangingMode,
      firmwareStatus: firmware.status,
      currentFirmwareVersion: firmware.currentVersion,
    },
    availability: stationAvailability(station, firmware.status),
  };
}

export default function StationDetails() {
  const { header } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <StationHeaderBlock header={header} />
      <Outlet />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
