// /settings/backup (issue 29, item 2): what a venue backup holds, and a plain GET form with its two
// choices (PINs, network settings) that downloads it from /settings/backup/download — without
// JavaScript as with it. For Admins and Owners (settings.show).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { IconDownload } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { List } from "~/components/ui/list";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { SettingsCard } from "~/routes/_app.settings/SettingsCard";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { VenueHeader } from "~/venue-backup/VenueHeader";

export const meta = pageTitle("venueBackup");
export const handle = { titleKey: "venueBackup" } satisfies ScreenHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "settings.show");
  return null;
}

export default function VenueBackupScreen() {
  const { t } = useTranslation("admin");
  return (
    <>
      <VenueHeader heading={t("venueBackup.backup.heading")} />
      <Stack gap="lg" maw={760}>
        <SettingsCard id="venue-backup" title={t("venueBackup.backup.title")}>
          <Text size="sm">{t("venueBackup.backup.intro")}</Text>
          <List size="sm">
            {(["stations", "channels", "audio", "venue", "customization"] as const).map((part) => (
              <li key={part}>{t(`venueBackup.backup.holds.${part}`)}</li>
            ))}
          </List>
          {/* A plain GET form: the browser downloads the file, with or without JavaScript. */}
          <form method="get" action="/settings/backup/download">
            <Stack gap="sm">
              <Checkbox
                name="pins"
                value="1"
                label={t("venueBackup.backup.pins")}
                description={t("venueBackup.backup.pinsHint")}
              />
              <Checkbox
                name="network"
                value="1"
                label={t("venueBackup.backup.network")}
                description={t("venueBackup.backup.networkHint")}
              />
              <div>
                <Button type="submit" leftSection={<IconDownload size={16} aria-hidden="true" />}>
                  {t("venueBackup.backup.download")}
                </Button>
              </div>
            </Stack>
          </form>
        </SettingsCard>
      </Stack>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
