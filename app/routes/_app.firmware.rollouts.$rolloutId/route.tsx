// /firmware/rollouts/:rolloutId — one rollout: its state (and why it paused or ended), the wave it
// works on, each station's wave and state, and the forms to pause, resume, or cancel the stations
// not started. The rollout runs on the server; this page only watches: with JavaScript it follows
// the updater hub's pushes and looks again every few seconds while the rollout has work left,
// without it a reload link shows the latest state.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { RefreshLink } from "~/components/RefreshLink";
import { Alert } from "~/components/ui/alert";
import { LinkAnchor } from "~/components/ui/anchor";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { updateStatusName } from "~/domain/firmware";
import { errorPage } from "~/error-pages.server";
import { i18next } from "~/i18n/i18next.server";
import { listFirmwareInfos } from "~/manager/firmware.server";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { intentTable } from "~/route-helpers/intent-table.server";
import { rolloutIdOf } from "~/records/rollouts";
import { reasonText, rolloutStateColor } from "~/rollouts/texts";
import { rolloutStore } from "~/rollouts/rollout-store.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { useRevalidateEvery } from "~/utils/use-revalidate-every";
import { rolloutHandlers } from "./forms";
import { RolloutStations, type RolloutStationRow } from "./RolloutStations";

export const meta = pageTitle("firmwareRollout");
export const handle = { titleKey: "firmwareRollout", hubs: ["updaterHub"] } satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** How often the page looks again while the rollout has work left (JavaScript only). */
const watchEveryMs = 2000;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { manager } = await requireUser(request, "stations.edit");
  const rollouts = rolloutStore();
  // Only an id the store could have made goes anywhere (issue 33).
  const id = rolloutIdOf(params.rolloutId);
  if (id === null) throw errorPage("notFound");
  const [rollout, stations, locale] = await Promise.all([
    rollouts.get(id),
    rollouts.stations(id),
    i18next.getLocale(request),
  ]);
  if (!rollout) throw errorPage("notFound");
  // The Manager's word on the stations updating right now; the page shows the stored state without it.
  const updating = stations.some((station) => station.state === "updating");
  const live = updating ? await listFirmwareInfos(manager).catch(() => []) : [];
  const liveBySerial = new Map(live.map((info) => [info.serialNumber, info]));
  const rows: RolloutStationRow[] = stations.map((station) => {
    const info = station.state === "updating" ? liveBySerial.get(station.serialNumber) : undefined;
    return {
      serialNumber: station.serialNumber,
      wave: station.wave,
      state: station.state,
      version: station.version,
      message: station.message,
      live: info
        ? [updateStatusName(info.status), info.progress === null ? "" : `${info.progress} %`].join(" ").trim()
        : null,
    };
  });
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const waves = stations.reduce((most, station) => Math.max(most, station.wave + 1), 0);
  return {
    id: rollout.id,
    state: rollout.state,
    reason: reasonText(rollout.reason),
    startedText: time.format(new Date(rollout.createdAt)),
    by: rollout.createdBy.name,
    options: rollout.options,
    currentWave: rollout.currentWave,
    waves,
    hasWorkLeft: stations.some((station) => station.state === "waiting" || station.state === "updating"),
    stations: rows,
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) => dispatchIntent(args, intentTable(...rolloutHandlers));

export default function FirmwareRollout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("stations");
  const { t: tAny } = useTranslation();
  const isActive = data.state === "running" || data.state === "paused";
  // With JavaScript, the page looks again every few seconds while the rollout has work left.
  useRevalidateEvery(watchEveryMs, isActive || data.hasWorkLeft);
  return (
    <Stack gap="lg">
      <LinkAnchor to="/firmware/rollouts" size="sm">
        {t("rollouts.backToList")}
      </LinkAnchor>
      <Group gap="md" align="center">
        <Title order={1}>{t("rollouts.rolloutName", { id: data.id })}</Title>
        <Badge color={rolloutStateColor[data.state]}>{t(`rollouts.states.${data.state}`)}</Badge>
      </Group>
      <Text size="sm">
        {t("rollouts.detailIntro", {
          time: data.startedText,
          name: data.by,
          firstWaveSize: data.options.firstWaveSize,
          waveSize: data.options.waveSize,
        })}{" "}
        {data.options.updateNow ? t("rollouts.updateNowOn") : null}
      </Text>
      {data.reason ? (
        <Alert color={data.state === "cancelled" ? "gray" : "orange"} role="status">
          {tAny(data.reason.key, data.reason.values)}
        </Alert>
      ) : null}
      {data.state === "running" ? (
        <Text>{t("rollouts.currentWave", { number: data.currentWave + 1, count: data.waves })}</Text>
      ) : null}
      {isActive ? (
        <Form method="post">
          <Group gap="sm">
            {data.state === "running" ? (
              <Button type="submit" name="intent" value="pauseRollout" variant="default">
                {t("rollouts.pause")}
              </Button>
            ) : (
              <Button type="submit" name="intent" value="resumeRollout">
                {t("rollouts.resume")}
              </Button>
            )}
            <Button type="submit" name="intent" value="cancelRollout" variant="default" color="red">
              {t("rollouts.cancel")}
            </Button>
          </Group>
        </Form>
      ) : null}
      <Group>
        <RefreshLink />
      </Group>
      <RolloutStations stations={data.stations} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
