// Checking for new firmware: the Manager syncs its metadata from the vendor (it needs the
// internet; without it the no-connection message shows) and the time of the last check.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsCard, SubmitButton } from "~/components/stations/form-parts";
import { syncMetadataCommand } from "./forms";
import { Alert } from "~/components/ui/alert";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export function FirmwareMetadataCard({
  lastCheck,
  noConnection,
  canSync,
}: {
  lastCheck: { text: string; dateTime: string } | null;
  noConnection: boolean;
  canSync: boolean;
}) {
  const { t } = useTranslation("stations");
  return (
    <SettingsCard id="firmware-metadata-title" title={t("firmware.metadataTitle")}>
      <Stack gap="md">
        <Text>
          {t("firmware.lastCheck")}{" "}
          {lastCheck ? <time dateTime={lastCheck.dateTime}>{lastCheck.text}</time> : t("firmware.neverChecked")}
        </Text>
        {noConnection ? (
          <Alert color="red" role="alert" title={t("common:errors.noConnection.title")}>
            <Text fw={600}>{t("common:errors.noConnection.subtitle")}</Text>
            <Text>{t("common:errors.noConnection.message")}</Text>
          </Alert>
        ) : null}
        {canSync ? (
          <Form method="post" preventScrollReset>
            <Group>
              <SubmitButton intent={syncMetadataCommand.intent} variant="default">
                {t("firmware.checkForUpdates")}
              </SubmitButton>
            </Group>
          </Form>
        ) : null}
      </Stack>
    </SettingsCard>
  );
}
