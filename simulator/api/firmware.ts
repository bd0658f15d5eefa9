// The updater API: firmware per station, the available firmware (metadata), the metadata sync
// (needs the internet) and starting an update.
import * as z from "zod";
import { managerPaths } from "../../app/contract/paths";
import { StartFirmwareUpdateSchema, type FirmwareInfo } from "../../app/contract/firmware";
import { problems } from "../problems";
import type { Simulation } from "../simulation";
import { parseWith, Reply } from "./http";
import { param, routePath, type ApiRoutes } from "./routes";

const FirmwareQuerySchema = z.object({ serialNumber: z.string().optional() });

export function firmwareRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state, operations, faults } = simulation;

  api.get(routePath(managerPaths.firmware), "stations.show", ({ query }) => {
    const { serialNumber } = parseWith(FirmwareQuerySchema, query);
    const firmwareInfos: FirmwareInfo[] = [];
    for (const record of state.presentStations()) {
      if (serialNumber === undefined || record.station.serialNumber === serialNumber) {
        firmwareInfos.push(state.firmwareInfo(record));
      }
    }
    return { firmwareInfos };
  });
  api.get(routePath(managerPaths.updateMetadata), "stations.show", () => state.updateMetadata());
  api.put(routePath(managerPaths.syncUpdateMetadata), "firmware.update", () => {
    if (!faults.isInternetAvailable()) throw problems.noInternet();
    state.saveMeta("lastFirmwareUpdateCheckTime", state.clock.now().toISOString());
    const metadata = state.updateMetadata();
    state.emit({ kind: "updateMetadata", metadata });
    return metadata;
  });
  api.put(
    routePath(managerPaths.startFirmwareUpdate, param("serialNumber"), param("firmwareId")),
    "firmware.update",
    ({ params, body }) => {
      // Counted before any check: the fleet's tests prove no station is sent Update twice.
      operations.countUpdateCall(params.serialNumber!);
      parseWith(StartFirmwareUpdateSchema, body);
      return Reply.json(202, operations.startFirmwareUpdate(params.serialNumber!, params.firmwareId!));
    },
  );
}
