// /dashboard: welcome, the active channel and station counts (live from the statistics hub) and
// the system events panel (live from the system events hub): newest first, dismiss one or all,
// download, more events by paging on the server.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { dismissAllEventsCommand, dismissEventCommand } from "./forms";
import { intentTable } from "~/route-helpers/intent-table.server";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { Dashboard } from "./Dashboard";
import { formatDateTime } from "~/utils/dates";
import { loadDashboard } from "./load.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { shownEventCount, systemEventTypeName } from "~/domain/system-events";
import { i18next } from "~/i18n/i18next.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";

export const meta = pageTitle("dashboard");
export const handle = { titleKey: "dashboard", hubs: ["statisticsHub", "systemEventsHub"] } satisfies ScreenHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "dashboard.show");
  const shown = shownEventCount(new URL(request.url).searchParams.get("events"));
  const [dashboard, locale] = await Promise.all([
    loadOrThrow(request, () => loadDashboard(manager, shown)),
    i18next.getLocale(request),
  ]);
  const { events, total, dismissable } = dashboard.systemEvents;
  return {
    userName: user.name,
    activeStations: dashboard.activeStations,
    activeChannels: dashboard.activeChannels,
    systemEvents: {
      shown,
      total,
      dismissable,
      canDismiss: can(user, "systemEvents.dismiss"),
      items: events.map((event) => ({
        id: event.id,
        date: event.date,
        displayDate: formatDateTime(event.date, locale),
        type: systemEventTypeName(event.type),
        code: event.code,
        parameters: event.parameters,
        isDismissable: event.isDismissable,
      })),
    },
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(dismissEventCommand, dismissAllEventsCommand));

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  return <Dashboard {...data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
