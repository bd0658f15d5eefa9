// Stations: list (search, sort, page), one station, delete, and the station-level commands.
import { managerPaths } from "../../app/contract/paths";
import { UpdateAudioChannelSchema } from "../../app/contract/channels";
import {
  RestoreFactorySettingsSchema,
  StationListQuerySchema,
  UpdateAudioModeSchema,
  UpdateNameSchema,
} from "../../app/contract/stations";
import {
  AudioEncoderSchema,
  UpdateNetworkSettingsSchema,
  UpdateStationConfigurationSchema,
} from "../../app/contract/station-parts";
import { requireStation } from "../fleet/lookup";
import { deleteStation } from "../fleet/presence";
import {
  rename,
  updateAudioChannel,
  updateAudioEncoder,
  updateConfiguration,
  updateNetworkSettings,
} from "../fleet/station-commands";
import { listStations } from "../fleet/station-list";
import type { Simulation } from "../simulation";
import { parseWith, Reply } from "./http";
import { param, routePath, type ApiRoutes } from "./routes";

export function stationRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state, operations } = simulation;
  const serialNumber = param("serialNumber");

  api.get(routePath(managerPaths.stations), "stations.show", ({ query }) =>
    listStations(state, parseWith(StationListQuerySchema, query)),
  );
  api.get(
    routePath(managerPaths.station, serialNumber),
    "stations.show",
    ({ params }) => requireStation(state, params.serialNumber!).station,
  );
  api.delete(routePath(managerPaths.station, serialNumber), "stations.edit", ({ params }) => {
    deleteStation(state, params.serialNumber!);
    operations.cancel(params.serialNumber!);
    return Reply.noContent();
  });

  // Reboot, factory reset and mode change take time: 202 with the station as it is now.
  api.put(routePath(managerPaths.reboot, serialNumber), "stations.edit", ({ params }) =>
    Reply.json(202, operations.reboot(params.serialNumber!)),
  );
  api.put(routePath(managerPaths.restoreFactorySettings, serialNumber), "stations.edit", ({ params, body }) => {
    const { options } = parseWith(RestoreFactorySettingsSchema, body);
    return Reply.json(202, operations.restoreFactorySettings(params.serialNumber!, options.keepNetworkSettings));
  });
  api.put(routePath(managerPaths.updateAudioMode, serialNumber), "stations.edit", ({ params, body }) => {
    const { useCaseMode } = parseWith(UpdateAudioModeSchema, body);
    return Reply.json(202, operations.changeAudioMode(params.serialNumber!, useCaseMode));
  });

  api.put(routePath(managerPaths.updateName, serialNumber), "stations.edit", ({ params, body }) =>
    rename(state, params.serialNumber!, parseWith(UpdateNameSchema, body, { name: { required: true } }).name),
  );
  api.put(routePath(managerPaths.updateAudioEncoder, serialNumber), "stations.edit", ({ params, body }) =>
    updateAudioEncoder(state, params.serialNumber!, parseWith(AudioEncoderSchema, body)),
  );
  api.put(routePath(managerPaths.updateAudioChannel, serialNumber), "stations.edit", ({ params, body }) =>
    updateAudioChannel(
      state,
      params.serialNumber!,
      parseWith(UpdateAudioChannelSchema, body, { name: { required: true }, group: { required: false } }),
    ),
  );
  api.put(routePath(managerPaths.updateNetworkSettings, serialNumber), "stations.edit", ({ params, body }) =>
    updateNetworkSettings(
      state,
      params.serialNumber!,
      // Every text of both interfaces: addresses, the FQDN and each search domain.
      parseWith(UpdateNetworkSettingsSchema, body, {
        "*.*": { required: false },
        "*.searchDomains.*": { required: false },
      }),
    ),
  );
  api.put(routePath(managerPaths.stationConfiguration, serialNumber), "stations.edit", ({ params, body }) =>
    updateConfiguration(
      state,
      params.serialNumber!,
      parseWith(UpdateStationConfigurationSchema, body, { "dnsDiscovery.managerIpAddress": { required: false } }),
    ),
  );
}
