// A station's system events for its Log tab: GET /systemEvents?stationSerialNumber=…, newest first.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { SystemEventListSchema } from "~/contract/statistics";

export function listStationEvents(manager: ManagerClient, serialNumber: string, page: { skip: number; take: number }) {
  return manager.get(managerPaths.systemEvents(), SystemEventListSchema, {
    stationSerialNumber: serialNumber,
    ...page,
  });
}
