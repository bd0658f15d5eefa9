// The settings page's way to the venue backup and the previewed restore (issue 29).
import { useTranslation } from "react-i18next";
import { LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Text } from "~/components/ui/text";
import { SettingsCard } from "./SettingsCard";

export function VenueBackupCard() {
  const { t } = useTranslation("admin");
  return (
    <SettingsCard id="venue-backup-links" title={t("venueBackup.link.title")}>
      <Text size="sm" dimmed>
        {t("venueBackup.link.intro")}
      </Text>
      <Group gap="sm">
        <LinkButton to="/settings/backup" variant="default">
          {t("venueBackup.link.backup")}
        </LinkButton>
        {/* Text browsers show the two links as one run of words without it. */}{" "}
        <LinkButton to="/settings/restore" variant="default">
          {t("venueBackup.link.restore")}
        </LinkButton>
      </Group>
    </SettingsCard>
  );
}
