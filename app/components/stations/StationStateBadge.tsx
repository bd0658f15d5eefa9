// The connection state of a station as the spec names it: Running, Not Running, Unauthorized,
// Unknown, Update required, Unsupported (common:connectionStates).
import { useTranslation } from "react-i18next";
import type { ComputedState } from "~/contract/enums";
import { connectionStateLabelKey } from "~/domain/station-state";
import { StatusBadge, type StatusTone } from "./StatusBadge";

const tones: Record<ComputedState, StatusTone> = {
  Connected: "good",
  Disconnected: "neutral",
  Unauthorized: "attention",
  UpdateRequired: "bad",
  Unsupported: "neutral",
  Unknown: "neutral",
};

/**
 * The badge with its label already translated: a list passes the label from its own `t`, since a
 * `useTranslation` per row was a tenth of a /stations render
 * (docs/decisions/047-performance-budget-and-upgrade-checklist.md#render-cost).
 */
export function StationStateBadgeLabelled({ state, label }: { state: ComputedState; label: string }) {
  return <StatusBadge tone={tones[state]}>{label}</StatusBadge>;
}

export function StationStateBadge({ state }: { state: ComputedState }) {
  const { t } = useTranslation();
  return <StationStateBadgeLabelled state={state} label={t(connectionStateLabelKey(state))} />;
}
