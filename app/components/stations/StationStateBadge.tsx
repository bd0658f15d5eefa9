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

export function StationStateBadge({ state }: { state: ComputedState }) {
  const { t } = useTranslation();
  return <StatusBadge tone={tones[state]}>{t(connectionStateLabelKey(state))}</StatusBadge>;
}
