// Which live-update hubs a role may receive, and how much of them (issue 11): decided by the
// console, per hub and from the permission table, before anything is relayed. A hub whose
// pages a role may not open is refused (403 at negotiate and at upgrade). PINs, fingerprints
// and the rest of a full station belong to the station pages, so only roles that may open
// those receive stations and moderation pushes in full; a Moderator, who needs them on the
// App view and the moderation pages only as a reason to reload, receives them reduced
// (app/live/reduced-messages.ts). The browser uses this table too, so it never asks for a hub
// it would be refused.
import { can, type PermissionAction } from "~/domain/permissions";
import type { SessionUser } from "~/auth/user";
import type { HubName } from "~/contract/hubs";

export type HubScope = "full" | "reduced";

interface HubRule {
  /** Any of these gives every message in full. */
  full: readonly PermissionAction[];
  /** Otherwise any of these gives the reduced messages. */
  reduced: readonly PermissionAction[];
}

export const hubRules: Record<HubName, HubRule> = {
  stationsHub: { full: ["stations.show"], reduced: ["appView.show"] },
  moderationHub: { full: ["stations.show"], reduced: ["moderation.show"] },
  statisticsHub: { full: ["dashboard.show"], reduced: [] },
  systemEventsHub: { full: ["dashboard.show", "stations.show"], reduced: [] },
  updaterHub: { full: ["stations.show"], reduced: [] },
  appCustomizationHub: { full: ["appCustomization.show", "appView.preview"], reduced: [] },
};

/** What the user may receive from the hub; null when the hub is refused. */
export function hubScope(user: Pick<SessionUser, "roles"> | null | undefined, hub: HubName): HubScope | null {
  const rule = hubRules[hub];
  if (rule.full.some((action) => can(user, action))) return "full";
  if (rule.reduced.some((action) => can(user, action))) return "reduced";
  return null;
}
