// The texts the App view's rows repeat, looked up once per list: a page shows up to fifty order
// rows, twenty station cards with their channels and fifty ungrouped channels, and a
// `useTranslation` per row (react-i18next creates a fixed `t`, checks the namespaces and subscribes
// to language changes for each) plus a `t()` with interpolation per text was a visible share of the
// page's render, on the server and at hydration
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#render-cost).
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { textTemplate } from "~/i18n/text-template";

/** `t` of the "moderation" namespace, which the App view's texts are in. */
export function appViewRowTexts(t: TFunction) {
  return {
    t,
    moveUp: textTemplate(t, "appView.order.moveUp", ["name"]),
    moveDown: textTemplate(t, "appView.order.moveDown", ["name"]),
    positionOf: textTemplate(t, "appView.order.positionOf", ["name"]),
    moveTo: t("appView.order.moveTo"),
    moveToNamed: textTemplate(t, "appView.order.moveToNamed", ["name"]),
    positionLabel: textTemplate(t, "appView.order.positionLabel", ["position"]),
    dragHandle: textTemplate(t, "appView.order.dragHandle", ["name"]),
    ungrouped: t("appView.ungrouped.label"),
    positionInApp: textTemplate(t, "appView.stations.position", ["position"]),
    stationAndPosition: textTemplate(t, "appView.ungrouped.station", ["station", "position"]),
    qrOpen: t("appView.qr.open"),
    qrOpenNamed: textTemplate(t, "appView.qr.openNamed", ["name"]),
    micOpen: t("appView.audienceMic.open"),
    micMuted: t("appView.audienceMic.muted"),
    mute: t("appView.audienceMic.mute"),
    unmute: t("appView.audienceMic.unmute"),
    muteNamed: textTemplate(t, "appView.audienceMic.muteNamed", ["name"]),
    unmuteNamed: textTemplate(t, "appView.audienceMic.unmuteNamed", ["name"]),
  };
}
export type AppViewRowTexts = ReturnType<typeof appViewRowTexts>;

/** The row texts for a list, the same object until the language changes. */
export function useAppViewRowTexts(): AppViewRowTexts {
  const { t } = useTranslation("moderation");
  return useMemo(() => appViewRowTexts(t), [t]);
}
