// A firmware update status (0–15) by its name, coloured by what it means for the station.
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { firmwareStatusKind, updateStatusName, type FirmwareStatusKind } from "~/domain/firmware";

const colors: Record<FirmwareStatusKind, { color: string; variant: "light" | "default" }> = {
  current: { color: "green", variant: "light" },
  updating: { color: "violet", variant: "light" },
  rebooting: { color: "orange", variant: "light" },
  brokenReboot: { color: "red", variant: "light" },
  failed: { color: "red", variant: "light" },
  unknown: { color: "gray", variant: "default" },
};

export function FirmwareStatusBadge({ status, currentVersion }: { status: number; currentVersion: string }) {
  const { t } = useTranslation("stations");
  return (
    <Badge
      {...colors[firmwareStatusKind(status, currentVersion)]}
      radius="sm"
      style={{ textTransform: "none", flexShrink: 0 }}
    >
      {t(`firmware.statuses.${updateStatusName(status)}`)}
    </Badge>
  );
}
