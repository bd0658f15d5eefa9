// System event calls (operations.md §7): the list (newest first, paged), dismiss one, dismiss
// all, and the Manager's download file.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import { SystemEventListSchema, SystemEventSchema } from "~/contract/statistics";

export function getSystemEvents(manager: ManagerClient, page: { skip: number; take: number }) {
  return manager.get(managerPaths.systemEvents(), SystemEventListSchema, page);
}

export function dismissSystemEvent(manager: ManagerClient, id: string) {
  return manager.send("PUT", managerPaths.dismissSystemEvent(id), undefined, SystemEventSchema);
}

export function dismissAllSystemEvents(manager: ManagerClient) {
  return manager.send("PUT", managerPaths.dismissAllSystemEvents());
}

/** The Manager's file as it sent it (type and Content-Disposition included). */
export function downloadSystemEvents(manager: ManagerClient) {
  return manager.download(managerPaths.downloadSystemEvents());
}
