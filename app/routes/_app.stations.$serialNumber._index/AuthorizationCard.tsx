// An unauthorized station's own page: its authorization state, the details to check, and
// Accept / Reject with the same dialogs (and fingerprint-mismatch flow) as the stations list.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { AuthorizationDialogs, StationIdentity } from "~/components/stations/AuthorizationDialogs";
import { SettingsCard } from "~/components/stations/form-parts";
import type { AuthorizationView } from "~/components/stations/views";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export function AuthorizationCard({ station, canAuthorize }: { station: AuthorizationView; canAuthorize: boolean }) {
  const { t } = useTranslation("stations");
  const reasonId = useId();
  return (
    <SettingsCard id="authorization-title" title={t("authorization.cardTitle")}>
      <Stack gap="md" align="flex-start">
        <Text>{t("authorization.pending")}</Text>
        <StationIdentity station={station} />
        {canAuthorize ? (
          <Stack gap={4}>
            <Group gap="sm">
              {station.isReady ? (
                <ConfirmLink name="accept">{t("authorization.accept")}</ConfirmLink>
              ) : (
                <Button disabled aria-describedby={reasonId}>
                  {t("authorization.accept")}
                </Button>
              )}
              <ConfirmLink name="reject" variant="default">
                {t("authorization.reject")}
              </ConfirmLink>
            </Group>
            {station.isReady ? null : (
              <Text size="sm" dimmed id={reasonId}>
                {t("authorization.notReadyShort")}
              </Text>
            )}
          </Stack>
        ) : null}
      </Stack>
      {canAuthorize ? <AuthorizationDialogs station={station} /> : null}
    </SettingsCard>
  );
}
