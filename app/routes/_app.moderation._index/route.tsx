// /moderation: every channel a moderator can moderate, sortable and searchable, with the number
// of listeners waiting for the audience mic — live with JavaScript (moderationHub). The list comes
// from the console's copy kept by the moderation hub when it is live (decision 072).
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { ModerationList } from "./ModerationList";
import { moderationSortKeys, type ModerationSortKey } from "~/domain/moderation-list";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { ModerationIndex } from "~/venue-copies/moderation-index";
import { moderationListFor } from "~/venue-copies/moderation-copy.server";
import type { ModerationChannel } from "~/contract/moderation";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { readTableState } from "~/utils/table-state.server";
import { pageCount, type TableOptions, type TableState } from "~/utils/table-state";

export const meta = pageTitle("moderation");
export const handle = { titleKey: "moderation", hubs: ["moderationHub"] } satisfies ScreenHandle;

const tableOptions: TableOptions<ModerationSortKey> = {
  table: "moderation",
  sortKeys: moderationSortKeys,
  defaultSort: "station",
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
};

function toRow(channel: ModerationChannel) {
  return {
    id: channel.id,
    name: channel.name,
    channelId: channel.channelId,
    stationName: channel.stationName,
    stationSerialNumber: channel.stationSerialNumber,
    index: channel.index,
    speakersWaiting: channel.speakersWaiting,
    uplinkEnabled: channel.uplinkEnabled,
    uplinkUnmuted: channel.uplinkUnmuted,
    isQueueEnabled: channel.isQueueEnabled,
    hasPin: channel.pinCode !== null,
    isHidden: channel.isHidden,
    isEnabled: channel.isEnabled,
  };
}
export type ModerationListRow = ReturnType<typeof toRow>;

/** One page of the sorted, searched list, and the totals the page announces. */
function listPage(channels: ModerationIndex, state: TableState<ModerationSortKey>) {
  const sorted = channels.sorted(state);
  const page = Math.min(state.page, pageCount(sorted.length, state.pageSize));
  const rows = sorted.slice((page - 1) * state.pageSize, page * state.pageSize).map(toRow);
  const totals = {
    channels: sorted.length,
    waiting: sorted.reduce((sum, channel) => sum + channel.speakersWaiting, 0),
  };
  return { rows, total: sorted.length, totals, state: { ...state, page }, pageSizes: tableOptions.pageSizes! };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUser(request, "moderation.show");
  const { state, headers } = await readTableState(request, tableOptions);
  const channels = await loadOrThrow(request, () => moderationListFor(request, context));
  return data(listPage(channels, state), { headers });
}

export default function Moderation() {
  const { rows, total, totals, state, pageSizes } = useLoaderData<typeof loader>();
  return <ModerationList rows={rows} total={total} totals={totals} state={state} pageSizes={pageSizes} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
