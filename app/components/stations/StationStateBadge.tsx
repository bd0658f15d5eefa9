// The connection state of a station as the spec names it: Running, Not Running, Unauthorized,
// Unknown, Update required, Unsupported (common:connectionStates).
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { connectionStateLabelKey } from "~/domain/station-state";
import type { ComputedState } from "~/contract/enums";

const colors: Record<ComputedState, { color: string; variant: "light" | "default" }> = {
  Connected: { color: "green", variant: "light" },
  Disconnected: { color: "gray", variant: "default" },
  Unauthorized: { color: "orange", variant: "light" },
  UpdateRequired: { color: "red", variant: "light" },
  Unsupported: { color: "gray", variant: "default" },
  Unknown: { color: "gray", variant: "default" },
};

export function StationStateBadge({ state }: { state: ComputedState }) {
  const { t } = useTranslation();
  return (
    <Badge {...colors[state]} radius="sm" style={{ textTransform: "none", flexShrink: 0 }}>
      {t(connectionStateLabelKey(state))}
    </Badge>
  );
}
