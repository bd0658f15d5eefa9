// What the Firmware tab offers a station: the available firmware of its type, newest first, each
// marked installed, newer or older than the version it runs. The loader shows them; the action
// checks a chosen version against them.
import { firmwareChoices } from "~/domain/firmware";
import { getFirmwareInfo, getUpdateMetadata } from "~/manager/firmware.server";
import type { ManagerClient } from "~/manager/http.server";
import { getStation } from "~/manager/stations.server";

export async function loadFirmwareChoices(manager: ManagerClient, serialNumber: string) {
  const [station, firmware, metadata] = await Promise.all([
    getStation(manager, serialNumber),
    getFirmwareInfo(manager, serialNumber),
    getUpdateMetadata(manager),
  ]);
  const available = metadata.updateMetadata[String(station.type)] ?? [];
  return { station, firmware, metadata, available, choices: firmwareChoices(available, firmware.currentVersion) };
}
