// Why the page's settings cannot be changed right now (not running, updating, rebooting, …).
import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { BlockedReason } from "~/domain/station-state";

export function ReadOnlyNotice({ reason }: { reason: BlockedReason | null }) {
  const { t } = useTranslation("stations");
  if (!reason) return null;
  return (
    <Alert color="gray" variant="default" title={t("details.readOnlyTitle")} role="status">
      {t(`blocked.${reason}`)}
    </Alert>
  );
}
