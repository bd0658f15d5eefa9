// The firmware the simulated vendor publishes. The list comes sorted by id, as text, like a
// database key would sort it: 6.10.0 lands before 6.2.0, so the console's own rule (the newest
// is the last after ordering by up to four numeric parts) is what finds the newest.
import { stationTypes, type StationType } from "../../app/contract/enums";
import type { AvailableFirmware } from "../../app/contract/firmware";

const releasesSite = "https://releases.mobileconnect.example";

function release(stationType: StationType, version: string, releaseDate: string): AvailableFirmware {
  const family = stationType === stationTypes.v1 ? "mcs-100" : "mcs-200";
  return {
    id: `${family}-${version}`,
    stationType,
    version,
    releaseDate: `${releaseDate}T09:00:00.000Z`,
    releaseNotesUrl: `${releasesSite}/firmware/${family}/${version}`,
    eulaUrl: `${releasesSite}/eula/${family}-firmware.pdf`,
  };
}

export function defaultFirmwareCatalogue(): AvailableFirmware[] {
  return [
    release(stationTypes.v1, "4.8.1", "2022-11-08"),
    release(stationTypes.v1, "4.9.0", "2023-05-16"),
    release(stationTypes.v2, "6.0.3", "2024-03-12"),
    release(stationTypes.v2, "6.1.0", "2024-06-20"),
    release(stationTypes.v2, "6.2.0", "2024-09-05"),
    release(stationTypes.v2, "6.2.0.1", "2024-10-01"),
    release(stationTypes.v2, "6.10.0", "2025-04-14"),
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
}
