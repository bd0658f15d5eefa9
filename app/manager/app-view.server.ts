// App view calls (operations.md §7): every authorized station with its channels, and the
// channel order in the listening app.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { AppViewSchema, type AppViewStation } from "~/contract/app-view";

/** The Manager answers the stations as a map keyed by serial number; the console wants a list. */
export async function getAppViewStations(manager: ManagerClient): Promise<AppViewStation[]> {
  const { stations } = await manager.get(managerPaths.appView(), AppViewSchema);
  return Object.values(stations);
}

/** Every channel with its position from 1 (docs/decisions/002). */
export function updateChannelOrder(manager: ManagerClient, channelOrder: Record<string, number>) {
  return manager.send("PUT", managerPaths.updateChannelOrder(), { channelOrder }, AppViewSchema);
}
