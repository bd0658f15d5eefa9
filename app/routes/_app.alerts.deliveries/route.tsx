// /alerts/deliveries — every attempt to deliver an alert to a webhook (issue 36, item 4): its time,
// webhook, alert, result (the receiver's status, or why there was none) and duration; and the
// deliveries waiting for their next attempt. Admins and Owners.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { alertStore, readOrPage } from "~/alerts/store.server";
import { requireUser } from "~/auth/guard.server";
import { AlertsPage, AlertsSection } from "~/components/alerts/AlertsPage";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { i18next } from "~/i18n/i18next.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { AttemptsTable, PendingTable } from "./DeliveryTables";
import { loadDeliveries } from "./deliveries.server";

export const meta = pageTitle("alertDeliveries");
export const handle = { titleKey: "alertDeliveries" } satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "alerts.edit");
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1)));
  const locale = await i18next.getLocale(request);
  const deliveries = await readOrPage(() => loadDeliveries(alertStore(), { page, locale }));
  return { ...deliveries, page };
}

export default function AlertDeliveries() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("alerts");
  return (
    <AlertsPage current="deliveries" heading={t("deliveries.heading")} intro={t("deliveries.intro")}>
      <AlertsSection id="pending-title" title={t("deliveries.pendingHeading")}>
        <PendingTable rows={data.pending} total={data.pendingTotal} />
      </AlertsSection>
      <AlertsSection id="attempts-title" title={t("deliveries.attemptsHeading")}>
        <AttemptsTable rows={data.attempts} total={data.attemptsTotal} page={data.page} />
      </AlertsSection>
    </AlertsPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
