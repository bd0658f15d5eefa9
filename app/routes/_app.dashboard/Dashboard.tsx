// The dashboard: a welcome with the user's name, the active channel and station counts, and
// the system events panel.
import { IconBroadcast, IconServer } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { SystemEventsPanel, type SystemEventsView } from "./SystemEventsPanel";
import { RefreshLink } from "~/components/RefreshLink";
import { rem } from "~/components/ui/box";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { SimpleGrid } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export interface DashboardProps {
  userName: string;
  activeChannels: number;
  activeStations: number;
  systemEvents: SystemEventsView;
}

const figureStyle = { fontSize: rem(32), lineHeight: 1.1 };

function Statistic({
  label,
  value,
  icon,
  testId,
}: {
  label: string;
  value: number;
  icon: React.ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="lg">
      <Group gap="md" wrap="nowrap">
        {icon}
        <div>
          <Text size="sm" dimmed id={`${testId}-label`}>
            {label}
          </Text>
          <Text fw={700} style={figureStyle} data-testid={testId} aria-describedby={`${testId}-label`}>
            {value}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

export function Dashboard({ userName, activeChannels, activeStations, systemEvents }: DashboardProps) {
  const { t } = useTranslation("dashboard");
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t("welcome", { name: userName })}</Title>
        <RefreshLink />
      </Group>
      <section aria-labelledby="statistics-heading">
        <Title order={2} size="h3" id="statistics-heading" mb="sm">
          {t("statistics.heading")}
        </Title>
        <SimpleGrid colsFrom={{ sm: 2 }} role="status" aria-live="polite">
          <Statistic
            label={t("statistics.activeChannels")}
            value={activeChannels}
            testId="active-channel-count"
            icon={<IconBroadcast size={32} aria-hidden="true" />}
          />
          <Statistic
            label={t("statistics.activeStations")}
            value={activeStations}
            testId="active-station-count"
            icon={<IconServer size={32} aria-hidden="true" />}
          />
        </SimpleGrid>
      </section>
      <SystemEventsPanel {...systemEvents} />
    </Stack>
  );
}
