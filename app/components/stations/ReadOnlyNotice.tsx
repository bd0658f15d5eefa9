// Why the page's settings cannot be changed right now (not running, updating, rebooting, …). A
// station stuck in the 6.0.3 reboot is pointed to the Firmware tab, where the update that ends it is.
import { Alert } from "#mantine/core/components/Alert/Alert.mjs";
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BlockedReason } from "~/domain/station-state";

export function ReadOnlyNotice({ reason, serialNumber }: { reason: BlockedReason | null; serialNumber: string }) {
  const { t } = useTranslation("stations");
  if (!reason) return null;
  return (
    <Alert color="gray" variant="default" title={t("details.readOnlyTitle")} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(`blocked.${reason}`)}</Text>
        {reason === "brokenReboot" ? (
          <Anchor component={Link} to={`/stations/${encodeURIComponent(serialNumber)}/firmware`} size="sm">
            {t("details.toFirmwareTab")}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
