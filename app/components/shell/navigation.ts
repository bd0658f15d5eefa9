// The sidebar's three groups (spec §2): each entry shows only when the user may use it, and
// empty groups are dropped.
import { can, type PermissionAction } from "~/domain/permissions";
import type { SessionUser } from "~/auth/user";

export const navigationEntries = [
  { key: "dashboard", to: "/dashboard", permission: "dashboard.show", group: 0 },
  { key: "stations", to: "/stations", permission: "stations.show", group: 1 },
  { key: "firmwareRollouts", to: "/firmware/rollouts", permission: "stations.edit", group: 1 },
  { key: "appView", to: "/appView", permission: "appView.show", group: 1 },
  { key: "moderation", to: "/moderation", permission: "moderation.show", group: 1 },
  { key: "listening", to: "/listening", permission: "listening.show", group: 1 },
  { key: "alerts", to: "/alerts", permission: "alerts.show", group: 1 },
  { key: "apiTokens", to: "/apiTokens", permission: "apiTokens.show", group: 2 },
  { key: "settings", to: "/settings", permission: "settings.show", group: 2 },
  { key: "appCustomization", to: "/appCustomization", permission: "appCustomization.show", group: 2 },
  { key: "auditLog", to: "/auditLog", permission: "auditLog.show", group: 2 },
] as const satisfies ReadonlyArray<{ key: string; to: string; permission: PermissionAction; group: number }>;

export type NavigationKey = (typeof navigationEntries)[number]["key"];

export function visibleNavigation(user: SessionUser): NavigationKey[][] {
  const groups: NavigationKey[][] = [[], [], []];
  for (const entry of navigationEntries) {
    if (can(user, entry.permission)) groups[entry.group]!.push(entry.key);
  }
  return groups.filter((group) => group.length > 0);
}
