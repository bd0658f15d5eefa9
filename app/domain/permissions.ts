// The action → roles table (spec: operations.md §6, administration.md §6). Only a user's first
// role counts; an unknown action is a programming error and throws. The simulator gates its
// REST calls with the same table. Names: docs/decisions/004-permission-actions.md.
import type { Role } from "~/contract/enums";

const everyone: readonly Role[] = ["Owner", "Admin", "Moderator"];
const administrators: readonly Role[] = ["Owner", "Admin"];

export const permissions = {
  "dashboard.show": administrators,
  "systemEvents.dismiss": administrators,
  "stations.show": administrators,
  "stations.edit": administrators,
  "stations.authorize": administrators,
  "firmware.update": administrators,
  "appView.show": everyone,
  "appView.preview": administrators,
  "appView.sort": administrators,
  "appView.muteAudienceMic": everyone,
  "moderation.show": everyone,
  "moderation.edit": everyone,
  "apiTokens.show": administrators,
  "apiTokens.edit": administrators,
  "settings.show": administrators,
  "settings.dnsConfig": administrators,
  "appCustomization.show": administrators,
  "appCustomization.edit": administrators,
  "auditLog.show": administrators,
  "listening.show": administrators,
  "listening.edit": administrators,
  "alerts.show": everyone,
  "alerts.acknowledge": administrators,
  "alerts.edit": administrators,
} as const satisfies Record<string, readonly Role[]>;

export type PermissionAction = keyof typeof permissions;

export class UnknownPermissionActionError extends Error {
  constructor(action: string) {
    super(`Unknown permission action "${action}"`);
    this.name = "UnknownPermissionActionError";
  }
}

export function rolesAllowed(action: string): readonly Role[] {
  if (!Object.hasOwn(permissions, action)) throw new UnknownPermissionActionError(action);
  return permissions[action as PermissionAction];
}

/** Whether a user with these roles may do the action; only the first role is used. */
export function can(user: { roles: readonly string[] } | null | undefined, action: PermissionAction): boolean {
  const allowed = rolesAllowed(action);
  const firstRole = user?.roles[0];
  return firstRole !== undefined && (allowed as readonly string[]).includes(firstRole);
}
