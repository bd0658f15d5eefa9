// The station details layout's data (header and what the station's state allows), shared by its
// tabs so each tab's loader only asks the Manager for what the tab itself shows.
import { useRouteLoaderData } from "@remix-run/react";
import type { BlockedReason, StationAvailability } from "~/domain/station-state";
import type { ComputedState, StationType } from "~/contract/enums";

export const stationDetailsRouteId = "routes/_app.stations.$serialNumber";

export interface StationHeader {
  serialNumber: string;
  displayName: string;
  type: StationType;
  computedState: ComputedState;
  isChangingMode: boolean;
  firmwareStatus: number;
  currentFirmwareVersion: string;
}

export interface StationDetailsData {
  header: StationHeader;
  availability: StationAvailability;
}

const nothingAllowed: StationAvailability = {
  canEdit: false,
  editBlockedBy: "notConnected" satisfies BlockedReason,
  canReboot: false,
  rebootBlockedBy: "notConnected",
};

/** The layout's data; while it is missing (an error page) nothing may be changed. */
export function useStationDetails(): StationDetailsData | null {
  return (useRouteLoaderData(stationDetailsRouteId) as StationDetailsData | undefined) ?? null;
}

export function useStationAvailability(): StationAvailability {
  return useStationDetails()?.availability ?? nothingAllowed;
}
