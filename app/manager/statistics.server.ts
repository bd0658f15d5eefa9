// Dashboard statistics (operations.md §7): active stations and active channels.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { AudioChannelCountSchema, ConnectedStationCountSchema } from "~/contract/statistics";

export async function getConnectedStationCount(manager: ManagerClient) {
  return (await manager.get(managerPaths.connectedStationCount(), ConnectedStationCountSchema)).connectedStationCount;
}

export async function getAudioChannelCount(manager: ManagerClient) {
  return (await manager.get(managerPaths.audioChannelCount(), AudioChannelCountSchema)).audioChannelCount;
}
