// /firmware/rollouts — firmware rollouts in waves (issue 27, item 3): the form that starts one
// (for the stations chosen on /stations, `?selection=`, or every station that needs the firmware)
// and the list of past and running rollouts with their outcome. Admins and Owners (stations.edit).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { errorPage } from "~/error-pages.server";
import { i18next } from "~/i18n/i18next.server";
import type { RolloutStore } from "~/records/rollouts";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { intentTable } from "~/route-helpers/intent-table.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { chosenStations, selectionIdOf } from "~/route-helpers/station-selection.server";
import { versionsOf } from "~/rollouts/texts";
import { rolloutStore } from "~/rollouts/rollout-store.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { newSubmissionId } from "~/utils/once-per-submission.server";
import { startRolloutHandler } from "./forms";
import { RolloutList, type RolloutRow } from "./RolloutList";
import { offeredFirmware, type StartReply } from "./rollout-start.server";
import { StartRolloutForm } from "./StartRolloutForm";

export const meta = pageTitle("firmwareRollouts");
export const handle = { titleKey: "firmwareRollouts" } satisfies ScreenHandle;
// The form carries a one-time submission id: never from a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const pageSize = 20;

/**
 * The list's page the URL asks for: a whole number from 1 (none: the first); anything else is a
 * request not understood (issue 33: `?page=1e18` reached the database), never a guess.
 */
function requestedPage(value: string | null) {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw errorPage("badRequest");
  return Number(value);
}

/** A page of the list; past the end (the list is shorter than the link was), the last page. */
async function listPage(rollouts: RolloutStore, requested: number) {
  const listed = await rollouts.list({ skip: (requested - 1) * pageSize, take: pageSize });
  const pages = Math.max(1, Math.ceil(listed.total / pageSize));
  if (requested <= pages) return { listed, page: requested, pages };
  return { listed: await rollouts.list({ skip: (pages - 1) * pageSize, take: pageSize }), page: pages, pages };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, manager } = await requireUser(request, "stations.edit");
  const search = new URL(request.url).searchParams;
  const selectionId = selectionIdOf(search.get("selection"));
  const requested = requestedPage(search.get("page"));
  const [offered, chosen, { listed, page, pages }, locale] = await Promise.all([
    loadOrThrow(request, () => offeredFirmware(manager)),
    chosenStations(user, selectionId),
    listPage(rolloutStore(), requested),
    i18next.getLocale(request),
  ]);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const rows: RolloutRow[] = listed.rows.map((rollout) => ({
    id: rollout.id,
    startedText: time.format(new Date(rollout.createdAt)),
    by: rollout.createdBy.name,
    versions: versionsOf(rollout),
    state: rollout.state,
    counts: rollout.stationCounts,
  }));
  return {
    start: { offered, selectionId, chosenCount: chosen.length, submissionId: newSubmissionId() },
    rows,
    page,
    pages,
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) => dispatchIntent(args, intentTable(startRolloutHandler));

export default function FirmwareRollouts() {
  const { start, rows, page, pages } = useLoaderData<typeof loader>();
  const reply = useActionData() as StartReply | undefined;
  const { t } = useTranslation("stations");
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t("rollouts.heading")}</Title>
        <Text dimmed size="sm">
          {t("rollouts.intro")}
        </Text>
      </Stack>
      <StartRolloutForm data={start} reply={reply} />
      <RolloutList rows={rows} page={page} pages={pages} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
