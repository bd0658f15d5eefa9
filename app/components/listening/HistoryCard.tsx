// A station's or a channel's listeners over the last 24 hours, on its own page: the chart with its
// data table, or why there is none, and the way to the rest of its history.
import { useTranslation } from "react-i18next";
import { LinkAnchor } from "~/components/ui/anchor";
import { Card } from "~/components/ui/card";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { ListenersChartView } from "~/listening/chart-view";
import { ListenersChart } from "./ListenersChart";

export type HistoryCardView =
  | { state: "chart"; chart: ListenersChartView; link: string }
  | { state: "notSampled"; link: string }
  | { state: "unavailable"; link: string };

export function HistoryCard({ card, name }: { card: HistoryCardView; name: string }) {
  const { t } = useTranslation("listening");
  return (
    <Card withBorder>
      <section aria-labelledby="history-card-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="history-card-title">
            {t("card.heading")}
          </Title>
          {card.state === "chart" ? (
            <ListenersChart chart={card.chart} title={t("card.chartTitle", { name })} />
          ) : (
            <Text>{card.state === "notSampled" ? t("card.notSampled") : t("card.unavailable")}</Text>
          )}
          <LinkAnchor to={card.link} size="sm">
            {t("card.more")}
          </LinkAnchor>
        </Stack>
      </section>
    </Card>
  );
}
