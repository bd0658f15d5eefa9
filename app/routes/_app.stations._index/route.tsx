// /stations: the stations list, searched, sorted and paged by the Manager (skip/take), the state
// in the query string and remembered per table; Accept / Reject for unauthorized stations and
// the rejected-stations card. Filtered by status (which the console applies to every station the
// search finds), and for Admins and Owners the choice of stations for a bulk action (issue 27).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { SearchForm } from "~/components/DataTable";
import { AuthorizationDialogs } from "~/components/stations/AuthorizationDialogs";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { intentTable } from "~/route-helpers/intent-table.server";
import { authorizationCommands } from "~/route-helpers/station-authorization.server";
import { chooseAllHandler, chooseHandler, clearChoiceHandler, clearRejectedCommand } from "./forms";
import { ChoiceBar, type Choice } from "./ChoiceBar";
import { StatusFilter } from "./StatusFilter";
import { isStationStatus, type StationStatus } from "~/domain/bulk-actions";
import {
  chosenStations,
  matchingStationsPage,
  newSelectionId,
  selectionIdOf,
} from "~/route-helpers/station-selection.server";
import { RejectedStationsCard } from "./RejectedStationsCard";
import { StationsTable } from "./StationsTable";
import {
  toAuthorizationView,
  toStationRow,
  type AuthorizationView,
  type StationRow,
} from "~/components/stations/views";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { isManagerError, type ManagerClient } from "~/manager/http.server";
import { stationSortKeys } from "~/contract/values";
import { getStation, listStations } from "~/manager/stations.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { readTableState } from "~/utils/table-state.server";
import { pageCount, type TableState } from "~/utils/table-state";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Title } from "~/components/ui/title";

export const meta = pageTitle("stations");
export const handle = { titleKey: "stations", hubs: ["stationsHub"] } satisfies ScreenHandle;

const tableOptions = {
  table: "stations",
  sortKeys: stationSortKeys,
  defaultSort: "name",
  defaultPageSize: 25,
} as const;

async function loadPage(manager: ManagerClient, state: TableState<(typeof stationSortKeys)[number]>) {
  const query = { take: state.pageSize, search: state.search, sortBy: state.sort, sortDirection: state.order };
  const list = await listStations(manager, { ...query, skip: (state.page - 1) * state.pageSize });
  const lastPage = pageCount(list.visibleStationsCount, state.pageSize);
  // A page past the end (the list shrank, or a search narrowed it) shows the last page instead.
  if (list.stations.length > 0 || state.page <= lastPage) return list;
  return listStations(manager, { ...query, skip: (lastPage - 1) * state.pageSize });
}

/** A page of the stations of one status: the console filters every station the search finds. */
async function loadFilteredPage(
  manager: ManagerClient,
  state: TableState<(typeof stationSortKeys)[number]>,
  status: StationStatus,
) {
  const { stations, total, rejectedStationsCount } = await matchingStationsPage(
    manager,
    { search: state.search, status, sortBy: state.sort, sortDirection: state.order },
    { number: state.page, size: state.pageSize },
  );
  return { stations, visibleStationsCount: total, rejectedStationsCount };
}

/** The station an Accept / Reject dialog in the URL is about (?confirm=accept&station=…). */
async function loadDialogStation(manager: ManagerClient, search: URLSearchParams) {
  const serialNumber = search.get("station");
  if (!serialNumber || !["accept", "reject"].includes(search.get("confirm") ?? "")) return null;
  try {
    return toAuthorizationView(await getStation(manager, serialNumber));
  } catch (error) {
    if (isManagerError(error, "notFound")) return null;
    throw error;
  }
}

interface StationsListData {
  rows: StationRow[];
  total: number;
  rejectedStationsCount: number;
  state: TableState;
  dialogStation: AuthorizationView | null;
  canAuthorize: boolean;
  status: StationStatus | null;
  choice: Choice | null;
  chosenOnPage: string[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "stations.show");
  const { state, headers } = await readTableState(request, tableOptions);
  const search = new URL(request.url).searchParams;
  const status = search.get("status");
  const filter = isStationStatus(status) ? status : null;
  const canChoose = can(user, "stations.edit");
  const selectionId = selectionIdOf(search.get("selection"));
  const [list, dialogStation, chosen] = await loadOrThrow(request, () =>
    Promise.all([
      filter ? loadFilteredPage(manager, state, filter) : loadPage(manager, state),
      loadDialogStation(manager, search),
      canChoose ? chosenStations(user, selectionId) : Promise.resolve([]),
    ]),
  );
  const total = list.visibleStationsCount;
  const chosenSet = new Set(chosen);
  return data<StationsListData>(
    {
      rows: list.stations.map(toStationRow),
      total,
      rejectedStationsCount: list.rejectedStationsCount,
      state: { ...state, page: Math.min(state.page, pageCount(total, state.pageSize)) },
      dialogStation,
      canAuthorize: can(user, "stations.authorize"),
      status: filter,
      // The page's first choice names a new set; the URL names it from then on.
      choice: canChoose ? { selectionId: selectionId ?? newSelectionId(), count: chosen.length } : null,
      chosenOnPage: list.stations.map((station) => station.serialNumber).filter((serial) => chosenSet.has(serial)),
    },
    { headers },
  );
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(
    args,
    intentTable(
      ...authorizationCommands("list"),
      clearRejectedCommand,
      chooseHandler,
      chooseAllHandler,
      clearChoiceHandler,
    ),
  );

export default function StationsList() {
  const { rows, total, rejectedStationsCount, state, dialogStation, canAuthorize, status, choice, chosenOnPage } =
    useLoaderData() as StationsListData;
  const { t } = useTranslation("stations");
  return (
    <Stack gap="lg">
      <Title order={1}>{t("list.title")}</Title>
      <Group justify="space-between" align="flex-end">
        <SearchForm state={state} label={t("list.search")} fields={["status"]}>
          <StatusFilter status={status} />
        </SearchForm>
      </Group>
      {choice ? (
        <ChoiceBar
          choice={choice}
          shown={rows.map((row) => row.serialNumber)}
          total={total}
          search={state.search}
          status={status}
        />
      ) : null}
      <StationsTable
        rows={rows}
        state={state}
        total={total}
        canAuthorize={canAuthorize}
        choice={choice}
        chosenOnPage={chosenOnPage}
        emptyText={status && total === 0 ? t("bulk.status.noMatches") : undefined}
      />
      <RejectedStationsCard count={rejectedStationsCount} canAuthorize={canAuthorize} />
      <AuthorizationDialogs station={dialogStation} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
