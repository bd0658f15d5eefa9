// The App view as a Moderator sees it: the channels with an audience mic and their mute
// controls, nothing else (DESIGN.md §9).
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { useTranslation } from "react-i18next";
import { AudienceMicToggle } from "./AudienceMicToggle";
import type { AudienceMicChannel } from "./view.server";

export function ModeratorAppView({ channels }: { channels: AudienceMicChannel[] }) {
  const { t } = useTranslation("moderation");
  return (
    <Stack gap="md">
      <Title order={1}>{t("appView.heading")}</Title>
      <Text>{t("appView.moderatorIntro")}</Text>
      {channels.length === 0 ? (
        <Text c="dimmed">{t("appView.noAudienceMic")}</Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t("appView.audienceMic.listLabel")}
        >
          {channels.map((channel) => (
            <Card component="li" withBorder padding="md" key={channel.id}>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={700}>{channel.name}</Text>
                  <Text size="sm" c="dimmed">
                    {channel.station}
                  </Text>
                </div>
                <AudienceMicToggle channel={channel} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
