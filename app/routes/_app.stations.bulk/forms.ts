// The bulk actions' confirmations, one declaration each: its intent and the permission it needs
// (the same as the action on one station's page), run through bulk.server.ts.
import type { BulkAction } from "~/domain/bulk-actions";
import type { PermissionAction } from "~/domain/permissions";
import { defineHandler } from "~/route-helpers/form-declaration";
import { runBulkAction } from "./bulk.server";

export const bulkPermission = {
  reboot: "stations.edit",
  accept: "stations.authorize",
  reject: "stations.authorize",
  remove: "stations.edit",
  updateFirmware: "firmware.update",
} as const satisfies Record<BulkAction, PermissionAction>;

export const bulkIntent = {
  reboot: "bulkReboot",
  accept: "bulkAccept",
  reject: "bulkReject",
  remove: "bulkRemove",
  updateFirmware: "bulkUpdateFirmware",
} as const satisfies Record<BulkAction, string>;

function bulkHandler<const Action extends BulkAction>(action: Action) {
  return defineHandler({
    intent: bulkIntent[action],
    permission: bulkPermission[action],
    auditAction: `bulk.${action}`,
    handle: (context) => runBulkAction(context, action),
  });
}

export const bulkHandlers = [
  bulkHandler("reboot"),
  bulkHandler("accept"),
  bulkHandler("reject"),
  bulkHandler("remove"),
  bulkHandler("updateFirmware"),
] as const;
