// /alerts — the alerts of issue 36: open ones first by default, resolved or all by the filter in
// the URL, newest first, a page at a time; "acknowledge" on each open one (who and when, an audit
// record). Admins and Owners.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { acknowledgeCommand } from "~/alerts/forms";
import { alertStore, readOrPage } from "~/alerts/store.server";
import { stationsSeenBy } from "~/alerts/whose.server";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { AlertsPage, AlertsSection } from "~/components/alerts/AlertsPage";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { LinkAnchor } from "~/components/ui/anchor";
import { Group } from "~/components/ui/group";
import { Text } from "~/components/ui/text";
import { i18next } from "~/i18n/i18next.server";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { intentTable } from "~/route-helpers/intent-table.server";
import type { AlertFilter } from "~/records/alerts";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { AlertList } from "./AlertList";
import { filterOf, loadAlerts } from "./alerts.server";

export const meta = pageTitle("alerts");
export const handle = { titleKey: "alerts" } satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const filters: AlertFilter[] = ["open", "resolved", "all"];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUser(request, "alerts.show");
  const stations = await loadOrThrow(request, () => stationsSeenBy(request, context));
  const url = new URL(request.url);
  const filter = filterOf(url.searchParams.get("state"));
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const locale = await i18next.getLocale(request);
  const listed = await readOrPage(() => loadAlerts(alertStore(), { filter, page, locale, stations }));
  return {
    ...listed,
    filter,
    page,
    returnTo: `${url.pathname}${url.search}`,
    // A Moderator sees their stations' alerts; managing and acknowledging them is the admins'.
    manages: can(context.user, "alerts.edit"),
    acknowledges: can(context.user, "alerts.acknowledge"),
  };
}

export const action = (args: ActionFunctionArgs) => dispatchIntent(args, intentTable(acknowledgeCommand));

export default function Alerts() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("alerts");
  return (
    <AlertsPage
      current="alerts"
      heading={t("list.heading")}
      intro={t(data.manages ? "intro" : "moderatorIntro")}
      links={data.manages}
    >
      {data.hasRules || !data.manages ? null : <Text>{t("list.noRules")}</Text>}
      <AlertsSection id="alert-list-title" title={t(`list.filters.${data.filter}`)}>
        <Group gap="md" component="nav" aria-label={t("list.filter")}>
          {filters.map((filter, index) => [
            index > 0 ? " " : null,
            <LinkAnchor
              key={filter}
              to={filter === "open" ? "/alerts" : `/alerts?state=${filter}`}
              size="sm"
              aria-current={filter === data.filter ? "page" : undefined}
            >
              {filter === data.filter ? <strong>{t(`list.filters.${filter}`)}</strong> : t(`list.filters.${filter}`)}
            </LinkAnchor>,
          ])}
        </Group>
        <AlertList
          rows={data.rows}
          total={data.total}
          page={data.page}
          filter={data.filter}
          returnTo={data.returnTo}
          acknowledges={data.acknowledges}
        />
      </AlertsSection>
    </AlertsPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
