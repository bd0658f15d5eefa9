import type { MetaFunction } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export type PageTitleKey =
  | "dashboard"
  | "stations"
  | "appView"
  | "moderation"
  | "moderationDetails"
  | "settings"
  | "apiTokens"
  | "appCustomization"
  | "auditLog"
  | "firmwareRollouts"
  | "firmwareRollout"
  | "venueBackup"
  | "venueRestore"
  | "listening"
  | "listeningEvents"
  | "listeningEvent"
  | "alerts"
  | "alertRules"
  | "alertDestinations"
  | "alertDeliveries"
  | "login"
  | "pageNotFound"
  | "error";

/** Page titles come translated from the root loader; meta functions only pick one. */
export function pageTitle(
  key: PageTitleKey,
  detail?: string | null,
): MetaFunction<unknown, { root: typeof rootLoader }> {
  return ({ matches }) => {
    const root = matches.find((match) => match.id === "root")?.data as
      { titles: Record<PageTitleKey | "appName", string> } | undefined;
    const title = root?.titles[key] ?? key;
    const appName = root?.titles.appName ?? "Station Console";
    return [{ title: [detail, title, appName].filter(Boolean).join(" · ") }];
  };
}
