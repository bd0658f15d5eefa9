// /stations/bulk: one confirmation for an action on the stations chosen on /stations — which it
// acts on and which it skips, and why — and afterwards its result, station by station (issue 27,
// item 2). Both are URL state: ?action=reboot&selection=<id>, and &result=<submission> after.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { isBulkAction } from "~/domain/bulk-actions";
import { errorPage } from "~/error-pages.server";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { intentTable } from "~/route-helpers/intent-table.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { chosenStations, selectionIdOf } from "~/route-helpers/station-selection.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { newSubmissionId } from "~/utils/once-per-submission.server";
import { BulkConfirmationView, type BulkConfirmationData } from "./BulkConfirmationView";
import { BulkResultView, type BulkResultData } from "./BulkResultView";
import { loadConfirmation, readBulkResult } from "./bulk.server";
import { bulkHandlers, bulkPermission } from "./forms";

export const meta = pageTitle("stations");
export const handle = { titleKey: "stations" } satisfies ScreenHandle;
// The confirmation carries a one-time submission id: never from a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

type BulkPageData = BulkConfirmationData | BulkResultData;

export async function loader({ request }: LoaderFunctionArgs): Promise<BulkPageData> {
  const search = new URL(request.url).searchParams;
  const action = search.get("action");
  if (!isBulkAction(action)) throw errorPage("notFound");
  const { user, manager } = await requireUser(request, bulkPermission[action]);
  const selectionId = selectionIdOf(search.get("selection"));
  const resultId = search.get("result");
  if (resultId) {
    const result = await readBulkResult(user.subject, resultId);
    if (!result || result.action !== action) throw errorPage("notFound");
    return { view: "result", action, selectionId, rows: result.rows };
  }
  const chosen = await chosenStations(user, selectionId);
  const confirmation = await loadOrThrow(request, () => loadConfirmation(manager, action, chosen));
  return {
    view: "confirm",
    action,
    selectionId,
    act: confirmation.plan.act,
    skip: confirmation.plan.skip,
    gone: confirmation.gone,
    firmware: Object.values(confirmation.firmware).map(({ version, eulaUrl }) => ({ version, eulaUrl })),
    digest: confirmation.digest,
    submissionId: newSubmissionId(),
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) => dispatchIntent(args, intentTable(...bulkHandlers));

export default function BulkAction() {
  const data = useLoaderData() as BulkPageData;
  return data.view === "result" ? <BulkResultView data={data} /> : <BulkConfirmationView data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
