// /stations/bulk: one confirmation for an action on the stations chosen on /stations — which it
// acts on and which it skips, and why — and afterwards its result, station by station (issue 27,
// item 2). Both are URL state: ?action=reboot&selection=<id> (&listeners=include for Reboot and
// Update), &list=act|skip&page=N for a full list page by page, and &result=<submission>(&page=N)
// after. No page holds more than one page of rows, whatever the fleet (issue 33).
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
import { BulkConfirmationView } from "./BulkConfirmationView";
import { BulkListView } from "./BulkListView";
import { BulkResultView } from "./BulkResultView";
import { bulkOptionsOf, countsOf, loadConfirmation, readBulkResult } from "./bulk.server";
import { bulkHandlers, bulkPermission } from "./forms";
import {
  bulkListOf,
  confirmationPage,
  listPage,
  resultPage,
  type BulkConfirmationData,
  type BulkListData,
  type BulkResultData,
} from "./pages.server";

export const meta = pageTitle("stations");
export const handle = { titleKey: "stations" } satisfies ScreenHandle;
// The confirmation carries a one-time submission id: never from a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

type BulkPageData = BulkConfirmationData | BulkListData | BulkResultData;

export async function loader({ request }: LoaderFunctionArgs): Promise<BulkPageData> {
  const search = new URL(request.url).searchParams;
  const action = search.get("action");
  if (!isBulkAction(action)) throw errorPage("notFound");
  const { user, manager } = await requireUser(request, bulkPermission[action]);
  const selectionId = selectionIdOf(search.get("selection"));
  const resultId = search.get("result");
  if (resultId) {
    const result = await readBulkResult(user.subject, action, resultId);
    if (!result) throw errorPage("notFound");
    return resultPage(result, selectionId, countsOf(result.rows), search.get("page"));
  }
  const options = bulkOptionsOf(action, search.get("listeners"));
  const chosen = await chosenStations(user, selectionId);
  const confirmation = await loadOrThrow(request, () => loadConfirmation(manager, action, chosen, options));
  const base = { action, selectionId, options };
  const list = bulkListOf(search.get("list"));
  return list
    ? listPage(base, confirmation, list, search.get("page"))
    : confirmationPage(base, confirmation, newSubmissionId());
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) => dispatchIntent(args, intentTable(...bulkHandlers));

export default function BulkAction() {
  const data = useLoaderData() as BulkPageData;
  switch (data.view) {
    case "result":
      return <BulkResultView data={data} />;
    case "list":
      return <BulkListView data={data} />;
    case "confirm":
      return <BulkConfirmationView data={data} />;
  }
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
