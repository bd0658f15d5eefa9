// A firmware update status (0–15) by its name, coloured by what it means for the station.
import { useTranslation } from "react-i18next";
import { firmwareStatusKind, updateStatusName, type FirmwareStatusKind } from "~/domain/firmware";
import { StatusBadge, type StatusTone } from "./StatusBadge";

const tones: Record<FirmwareStatusKind, StatusTone> = {
  current: "good",
  updating: "busy",
  rebooting: "attention",
  brokenReboot: "bad",
  failed: "bad",
  unknown: "neutral",
};

export function FirmwareStatusBadge({ status, currentVersion }: { status: number; currentVersion: string }) {
  const { t } = useTranslation("stations");
  return (
    <StatusBadge tone={tones[firmwareStatusKind(status, currentVersion)]}>
      {t(`firmware.statuses.${updateStatusName(status)}`)}
    </StatusBadge>
  );
}
