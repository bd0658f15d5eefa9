// The App view as a Moderator sees it: the channels with an audience mic and their mute
// controls, nothing else (DESIGN.md §9), in the same cards as on the Administrator's App view —
// a page of them at a time, so a large venue's page stays small.
import { useTranslation } from "react-i18next";
import { AudienceMicSubmissions, AudienceMicToggle } from "./AudienceMicToggle";
import { useAppViewRowTexts } from "./row-texts";
import { appViewPaging } from "./url-state";
import type { AudienceMicChannel } from "./view.server";
import { PageNavigation } from "~/components/DataTable";
import type { Page } from "~/utils/paging";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

/** A list without bullets or indent: the cards are its items. */
const bareList = { listStyle: "none", margin: "0rem", padding: "0rem" };
const boldWeight = { fontWeight: 700 };

export function ModeratorAppView({ page }: { page: Page<AudienceMicChannel> }) {
  const channels = page.items;
  const { t } = useTranslation("moderation");
  const texts = useAppViewRowTexts();
  return (
    <Stack gap="md">
      <Title order={1}>{t("appView.heading")}</Title>
      <Text>{t("appView.moderatorIntro")}</Text>
      {channels.length === 0 ? (
        <Text dimmed>{t("appView.noAudienceMic")}</Text>
      ) : (
        <AudienceMicSubmissions>
          <Stack component="ul" gap="sm" style={bareList} aria-label={t("appView.audienceMic.listLabel")}>
            {channels.map((channel) => (
              <Card withBorder component="li" padding="md" key={channel.id}>
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Text style={boldWeight}>{channel.name}</Text>
                    <Text size="sm" dimmed>
                      {channel.station}
                    </Text>
                  </div>
                  <AudienceMicToggle channel={channel} texts={texts} />
                </Group>
              </Card>
            ))}
          </Stack>
        </AudienceMicSubmissions>
      )}
      {page.total > page.pageSize ? (
        <PageNavigation
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          label={t("appView.audienceMic.pages")}
          param={appViewPaging.audienceMic.param}
        />
      ) : null}
    </Stack>
  );
}
