// The updater API: a station's firmware state, the available firmware (metadata), the metadata
// sync (needs the Manager's internet connection) and starting an update.
import { ManagerError, type ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { FirmwareInfoListSchema, FirmwareInfoSchema, UpdateMetadataSchema } from "~/contract/firmware";

export async function getFirmwareInfo(manager: ManagerClient, serialNumber: string) {
  const path = managerPaths.firmware();
  const { firmwareInfos } = await manager.get(path, FirmwareInfoListSchema, { serialNumber });
  const info = firmwareInfos.find((candidate) => candidate.serialNumber === serialNumber);
  if (!info) throw new ManagerError({ kind: "notFound" }, "GET", path);
  return info;
}

/** Every station's firmware state (the updater's list without a serial number). */
export async function listFirmwareInfos(manager: ManagerClient) {
  return (await manager.get(managerPaths.firmware(), FirmwareInfoListSchema)).firmwareInfos;
}

/** Each station's firmware status by serial number (the status filter, bulk actions, a restore). */
export async function firmwareStatusOf(manager: ManagerClient) {
  const firmware = await listFirmwareInfos(manager);
  return new Map(firmware.map((info) => [info.serialNumber, info.status]));
}

export function getUpdateMetadata(manager: ManagerClient) {
  return manager.get(managerPaths.updateMetadata(), UpdateMetadataSchema);
}

/** Spec: PUT SyncUpdateMetadata, then GET the metadata. */
export async function syncUpdateMetadata(manager: ManagerClient) {
  await manager.send("PUT", managerPaths.syncUpdateMetadata());
  return getUpdateMetadata(manager);
}

export function startFirmwareUpdate(manager: ManagerClient, serialNumber: string, firmwareId: string) {
  return manager.send(
    "PUT",
    managerPaths.startFirmwareUpdate(serialNumber, firmwareId),
    { eulaAccepted: true },
    FirmwareInfoSchema,
  );
}
