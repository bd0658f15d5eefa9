// /stations/:serialNumber/log — the Log tab (the spec does not show its content): the station's
// recent system events from the Manager, newest first, paged on the Manager
// (docs/decisions/022-station-log-tab.md). New events arrive live with JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { StationLogTable } from "./StationLogTable";
import { i18next } from "~/i18n/i18next.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { listStationEvents } from "~/manager/station-events.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageCount, parseTableState } from "~/utils/table-state";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export const handle = { hubs: ["systemEventsHub"] } satisfies ScreenHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { manager } = await requireUser(request, "stations.show");
  const state = parseTableState(new URL(request.url).searchParams, {
    table: "stationLog",
    sortKeys: ["date"],
    defaultSort: "date",
    defaultOrder: "desc",
    defaultPageSize: 25,
  });
  const [list, locale] = await Promise.all([
    loadOrThrow(
      request,
      () =>
        listStationEvents(manager, params.serialNumber!, {
          skip: (state.page - 1) * state.pageSize,
          take: state.pageSize,
        }),
      "station",
    ),
    i18next.getLocale(request),
  ]);
  // Formatted here, in one time zone, so the server render and the browser agree.
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" });
  return {
    entries: list.systemEvents.map((event) => ({
      id: event.id,
      dateTime: event.date,
      date: format.format(new Date(event.date)),
      type: event.type,
      code: event.code,
      parameters: event.parameters,
    })),
    total: list.totalSystemEventCount,
    state: { ...state, page: Math.min(state.page, pageCount(list.totalSystemEventCount, state.pageSize)) },
  };
}

export default function StationLog() {
  const { entries, total, state } = useLoaderData<typeof loader>();
  const { t } = useTranslation("stations");
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t("log.title")}
      </Title>
      <Text size="sm" dimmed>
        {t("log.intro")}
      </Text>
      <StationLogTable entries={entries} state={state} total={total} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
