// The station's firmware: current and latest version and the update status (any of the 0–15
// statuses), with progress while it updates; the broken 6.0.3 reboot and a failed update are
// explained. Live with JavaScript; without it the page is current on each load.
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FactsTable } from "~/components/stations/FactsTable";
import { FirmwareStatusBadge } from "~/components/stations/FirmwareStatusBadge";
import { SettingsCard } from "~/components/stations/form-parts";
import { firmwareStatusKind, updateStatusName } from "~/domain/firmware";
import { Alert } from "~/components/ui/alert";
import { rem } from "~/components/ui/box";
import { Anchor } from "~/components/ui/anchor";
import { Group } from "~/components/ui/group";
import { Progress } from "~/components/ui/progress";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

const progressStyle = { maxWidth: rem(560) };

export interface FirmwareState {
  status: number;
  currentVersion: string;
  targetVersion: string | null;
  progress: number | null;
}

export function FirmwareStatusCard({
  firmware,
  latestVersion,
}: {
  firmware: FirmwareState;
  latestVersion: string | null;
}) {
  const { t } = useTranslation("stations");
  const location = useLocation();
  const kind = firmwareStatusKind(firmware.status, firmware.currentVersion);
  const statusName = updateStatusName(firmware.status);
  return (
    <SettingsCard id="firmware-status-title" title={t("firmware.statusTitle")}>
      <Stack gap="md">
        <FactsTable
          caption={t("firmware.statusTitle")}
          facts={[
            [t("firmware.currentVersion"), firmware.currentVersion],
            [t("firmware.latestVersion"), latestVersion ?? t("details.unknownValue")],
            [
              t("firmware.updateStatus"),
              <Group key="status" gap="xs" role="status" aria-live="polite">
                <FirmwareStatusBadge status={firmware.status} currentVersion={firmware.currentVersion} />
                {firmware.targetVersion && kind === "updating" ? (
                  <Text size="sm">{t("firmware.installing", { version: firmware.targetVersion })}</Text>
                ) : null}
              </Group>,
            ],
          ]}
        />
        <Text size="sm">{t(`firmware.statusDescriptions.${statusName}`)}</Text>
        {firmware.progress !== null ? (
          <Progress
            value={firmware.progress}
            size="lg"
            aria-label={t("firmware.progress", { progress: firmware.progress })}
            style={progressStyle}
          />
        ) : null}
        {kind === "brokenReboot" ? (
          <Alert color="red" title={t("firmware.brokenRebootTitle")}>
            {t("firmware.brokenReboot", { version: firmware.currentVersion })}
          </Alert>
        ) : null}
        {kind === "failed" ? (
          <Alert color="red" title={t("firmware.failedTitle")}>
            {t("firmware.failed")}
          </Alert>
        ) : null}
        {kind === "updating" || kind === "rebooting" ? (
          <noscript>
            <Anchor href={`${location.pathname}${location.search}`}>{t("common:noscript.refresh")}</Anchor>
          </noscript>
        ) : null}
      </Stack>
    </SettingsCard>
  );
}
