// The App view as a Moderator sees it: the channels with an audience mic and their mute
// controls, nothing else (DESIGN.md §9). The rows are plain elements with Mantine's markup
// (~/components/plain), as on the Administrator's App view.
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { useTranslation } from "react-i18next";
import { AudienceMicSubmissions, AudienceMicToggle } from "./AudienceMicToggle";
import { useAppViewRowTexts } from "./row-texts";
import type { AudienceMicChannel } from "./view.server";
import { PlainCard, PlainGroup, PlainStack, PlainText } from "~/components/plain";

/** `<Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>` as Mantine writes it. */
const bareList = { listStyle: "none", margin: "0rem", padding: "0rem" };
const boldWeight = { fontWeight: 700 };

export function ModeratorAppView({ channels }: { channels: AudienceMicChannel[] }) {
  const { t } = useTranslation("moderation");
  const texts = useAppViewRowTexts();
  return (
    <Stack gap="md">
      <Title order={1}>{t("appView.heading")}</Title>
      <Text>{t("appView.moderatorIntro")}</Text>
      {channels.length === 0 ? (
        <Text c="dimmed">{t("appView.noAudienceMic")}</Text>
      ) : (
        <AudienceMicSubmissions>
          <PlainStack component="ul" gap="sm" style={bareList} aria-label={t("appView.audienceMic.listLabel")}>
            {channels.map((channel) => (
              <PlainCard component="li" padding="md" key={channel.id}>
                <PlainGroup justify="space-between" wrap="wrap">
                  <div>
                    <PlainText style={boldWeight}>{channel.name}</PlainText>
                    <PlainText size="sm" dimmed>
                      {channel.station}
                    </PlainText>
                  </div>
                  <AudienceMicToggle channel={channel} texts={texts} />
                </PlainGroup>
              </PlainCard>
            ))}
          </PlainStack>
        </AudienceMicSubmissions>
      )}
    </Stack>
  );
}
