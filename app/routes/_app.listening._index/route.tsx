// /listening — the listener history (issue 35, item 3): the venue's listeners over the last 6
// hours, day, week, month or a custom range, with the most at once and the listener-minutes, the
// channels that had listeners, the events and the gaps of that range; ?station=… (and &channel=…)
// shows one station's or channel's line instead. Admins and Owners (listening.show). With
// JavaScript a range that ends now grows as the stations hub pushes and every sampling interval.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { ListenersChart } from "~/components/listening/ListenersChart";
import { LinkAnchor } from "~/components/ui/anchor";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { SimpleGrid } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { i18next } from "~/i18n/i18next.server";
import { listeningStore, readOrPage } from "~/listening/store.server";
import { getRuntime } from "~/runtime.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { useRevalidateEvery } from "~/utils/use-revalidate-every";
import { ChannelBreakdown } from "./ChannelBreakdown";
import { breakdownPageSize } from "~/listening/page-sizes";
import { loadHistory, type Focus } from "./history.server";
import { RangeNav } from "./RangeNav";

export const meta = pageTitle("listening");
export const handle = {
  titleKey: "listening",
  // A range up to now follows the stations hub (at most every 5 s: the chart reads the history).
  hubs: (data: unknown) =>
    (data as { range?: { isLive?: boolean } } | undefined)?.range?.isLive ? ["stationsHub"] : [],
  liveEveryMs: 5000,
} satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "listening.show");
  const { config } = getRuntime();
  const store = listeningStore();
  const locale = await i18next.getLocale(request);
  const history = await readOrPage(() =>
    loadHistory(store, new URL(request.url).searchParams, {
      now: Date.now(),
      locale,
      retentionDays: config.listening.retentionDays,
    }),
  );
  return { ...history, sampleSeconds: config.listening.sampleSeconds, retentionDays: config.listening.retentionDays };
}

function FocusLine({ focus }: { focus: Focus }) {
  const { t } = useTranslation("listening");
  if (focus.kind === "venue") return <Text>{t("focus.venue")}</Text>;
  const back = (
    <LinkAnchor to="/listening" size="sm">
      {t("focus.backToVenue")}
    </LinkAnchor>
  );
  if (focus.kind === "unknown") {
    return (
      <Group gap="md">
        <Text>{t("focus.unknown", { serialNumber: focus.serialNumber })}</Text>
        {back}
      </Group>
    );
  }
  return (
    <Group gap="md">
      <Text fw={600}>
        {focus.kind === "station"
          ? t("focus.station", { station: focus.stationName })
          : t("focus.channel", { channel: focus.channelName, station: focus.stationName })}
      </Text>
      {focus.kind === "channel" ? (
        <LinkAnchor to={`/listening?station=${encodeURIComponent(focus.serialNumber)}`} size="sm">
          {t("focus.wholeStation")}
        </LinkAnchor>
      ) : null}
      {back}
    </Group>
  );
}

export default function ListenerHistory() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("listening");
  useRevalidateEvery(data.sampleSeconds * 1000, data.range.isLive);
  const what =
    data.focus.kind === "station"
      ? t("focus.station", { station: data.focus.stationName })
      : data.focus.kind === "channel"
        ? t("focus.channel", { channel: data.focus.channelName, station: data.focus.stationName })
        : t("focus.venue");
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t("heading")}</Title>
          <LinkAnchor to="/listening/events">{t("events.link")}</LinkAnchor>
        </Group>
        <Text dimmed size="sm">
          {t("intro", { seconds: data.sampleSeconds })}
        </Text>
      </Stack>
      <FocusLine focus={data.focus} />
      <RangeNav range={data.range} error={data.rangeError} mostDays={data.retentionDays} />
      <SimpleGrid colsFrom={{ xs: 2 }} spacing="md">
        <Card withBorder>
          <Text size="sm" dimmed>
            {t("summary.peak")}
          </Text>
          <Text size="xl" fw={700}>
            {data.chart.peak?.listenersText ?? "0"}
          </Text>
          {data.chart.peak ? <Text size="sm">{t("summary.peakAt", { time: data.chart.peak.atText })}</Text> : null}
        </Card>
        <Card withBorder>
          <Text size="sm" dimmed>
            {t("summary.listenerMinutes")}
          </Text>
          <Text size="xl" fw={700}>
            {data.listenerMinutesText}
          </Text>
        </Card>
      </SimpleGrid>
      <ListenersChart chart={data.chart} title={t("chart.title", { what, range: t(`ranges.${data.range.name}`) })} />
      {data.gaps.length > 0 ? (
        <section aria-labelledby="gaps-title">
          <Title order={2} size="h3" id="gaps-title">
            {t("gaps.heading")}
          </Title>
          <ul className="listening-list">
            {data.gaps.map((gap) => (
              <li key={gap.fromText}>
                {gap.toText
                  ? t("gaps.span", { from: gap.fromText, to: gap.toText })
                  : t("gaps.ongoing", { from: gap.fromText })}
                {" — "}
                {t(`gaps.reasons.${gap.reason}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.events.length > 0 ? (
        <section aria-labelledby="range-events-title">
          <Title order={2} size="h3" id="range-events-title">
            {t("events.inRange")}
          </Title>
          <ul className="listening-list">
            {data.events.map((event) => (
              <li key={event.id}>
                <Link to={`/listening/events/${event.id}`}>{event.title}</Link> {event.startsText}
                {event.isRunning ? ` (${t("events.states.running")})` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.focus.kind === "channel" ? null : (
        <ChannelBreakdown
          rows={data.breakdown}
          total={data.breakdownTotal}
          page={data.page}
          pageSize={breakdownPageSize}
        />
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
