// Why the page's settings cannot be changed right now (not running, updating, rebooting, …). A
// station stuck in the 6.0.3 reboot is pointed to the Firmware tab, where the update that ends it is.
import { useTranslation } from "react-i18next";
import type { BlockedReason } from "~/domain/station-state";
import { Alert } from "~/components/ui/alert";
import { LinkAnchor } from "~/components/ui/anchor";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export function ReadOnlyNotice({ reason, serialNumber }: { reason: BlockedReason | null; serialNumber: string }) {
  const { t } = useTranslation("stations");
  if (!reason) return null;
  return (
    <Alert color="gray" variant="default" title={t("details.readOnlyTitle")} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(`blocked.${reason}`)}</Text>
        {reason === "brokenReboot" ? (
          <LinkAnchor to={`/stations/${encodeURIComponent(serialNumber)}/firmware`} size="sm">
            {t("details.toFirmwareTab")}
          </LinkAnchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
