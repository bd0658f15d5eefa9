// The event's figures at a glance: the most listeners at once and when, the listener-minutes, the
// sessions and their average length (estimated, and it says so), and how much of the event the
// counts were known for.
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { SimpleGrid } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import type { ReportView } from "~/listening/report-view.server";

function Figure({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <Card withBorder>
      <Text size="sm" dimmed>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {note ? <Text size="sm">{note}</Text> : null}
    </Card>
  );
}

export function ReportFigures({ report }: { report: ReportView }) {
  const { t } = useTranslation("listening");
  const peakLabel = report.peakIsUpperBound ? t("report.peakUpperBound") : t("report.peak");
  return (
    <Stack gap="sm">
      <SimpleGrid colsFrom={{ xs: 2, sm: 4 }} spacing="md">
        <Figure
          label={peakLabel}
          value={report.peak?.listenersText ?? "0"}
          note={report.peak ? t("report.peakAt", { time: report.peak.atText }) : null}
        />
        <Figure label={t("report.listenerMinutes")} value={report.listenerMinutesText} />
        <Figure label={t("report.sessions")} value={report.sessionsText} note={t("report.estimated")} />
        <Figure
          label={t("report.averageSession")}
          value={
            report.averageSessionText === null
              ? t("report.none")
              : t("report.minutesValue", { minutes: report.averageSessionText })
          }
          note={t("report.estimated")}
        />
      </SimpleGrid>
      <Text size="sm" dimmed>
        {t("report.estimateNote")}
      </Text>
      {report.knownPercentText !== null ? (
        <Alert color="orange" role="status">
          {t("report.partlyKnown", { percent: report.knownPercentText })}
        </Alert>
      ) : null}
    </Stack>
  );
}
