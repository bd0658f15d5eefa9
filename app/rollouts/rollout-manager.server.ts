// The Manager calls a rollout step makes (app/rollouts/step.ts), over the console's Manager
// client: within one step each list is asked once, however many stations read it.
import { listFirmwareInfos, getUpdateMetadata, startFirmwareUpdate } from "~/manager/firmware.server";
import type { ManagerClient } from "~/manager/http.server";
import { listAllStations } from "~/manager/stations.server";
import type { RolloutManager } from "./step";
import type { StationFirmware } from "./waves";

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
}

export function rolloutManager(manager: ManagerClient): RolloutManager {
  const firmware = once(async () => {
    const infos = await listFirmwareInfos(manager);
    return new Map<string, StationFirmware>(infos.map((info) => [info.serialNumber, info]));
  });
  const stations = once(async () => {
    const { stations: all } = await listAllStations(manager, { sortBy: "name", sortDirection: "asc" });
    return new Map(
      all.map((station) => [
        station.serialNumber,
        {
          name: station.name,
          listenerCount: station.audioChannels.reduce((sum, channel) => sum + channel.listenerCount, 0),
        },
      ]),
    );
  });
  const metadata = once(() => getUpdateMetadata(manager));
  return {
    firmware,
    stations,
    async firmwareId(stationType, version) {
      if (stationType === null || version === null) return null;
      const available = (await metadata()).updateMetadata[stationType] ?? [];
      return available.find((candidate) => candidate.version === version)?.id ?? null;
    },
    startUpdate: (serialNumber, firmwareId) => startFirmwareUpdate(manager, serialNumber, firmwareId),
  };
}
