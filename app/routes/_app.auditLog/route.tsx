// The audit log (issue 28): every write made through the console, newest first, filtered by the
// URL's user, station, action, outcome and dates (a plain GET form), in pages, with the filtered
// records as a CSV download. For Admins and Owners. Records waiting in the spool for the database
// are counted in a banner; while the database cannot be read, they are what the table shows.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { IconDownload } from "~/components/icons";
import { AnchorButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { consoleTimeZone } from "~/domain/time-zone";
import { i18next } from "~/i18n/i18next.server";
import type { ScreenHandle } from "~/utils/handle";
import { formatDateTimeWithSeconds } from "~/utils/dates";
import { pageTitle } from "~/utils/meta";
import { pageCount } from "~/utils/table-state";
import { AuditFilterForm } from "./AuditFilterForm";
import { auditLogView, withinBound } from "./audit-records.server";
import { AuditTable, type AuditRow } from "./AuditTable";
import { SpoolBanner } from "./SpoolBanner";
import { auditFilterQuery, parseAuditFilter } from "./filter";
import { auditPageState } from "./page";

export const meta = pageTitle("auditLog");
export const handle = { titleKey: "auditLog" } satisfies ScreenHandle;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "auditLog.show");
  const search = new URL(request.url).searchParams;
  const [{ log, users, actions, waiting, fromSpool }, locale] = await Promise.all([
    auditLogView(),
    i18next.getLocale(request),
  ]);
  // The console's time zone, as on every screen: the times, the heading and the date filter's days.
  const timeZone = consoleTimeZone();
  const { values, filter, problems } = parseAuditFilter(search, actions, timeZone);
  const state = auditPageState(search);
  const pageAt = (page: number) =>
    withinBound(log.query(filter, { skip: (page - 1) * state.pageSize, take: state.pageSize }));
  let found = await pageAt(state.page);
  // A page past the end shows the last one.
  const last = pageCount(found.total, state.pageSize);
  if (state.page > last) {
    state.page = last;
    found = await pageAt(last);
  }
  const rows: AuditRow[] = found.rows.map((record) => ({
    ...record,
    timeText: formatDateTimeWithSeconds(record.time, locale, timeZone),
  }));
  return {
    rows,
    timeZone,
    total: found.total,
    state,
    values,
    problems,
    users,
    actions,
    size: search.get("size"),
    waiting,
    fromSpool,
    download: `/auditLog/download?${auditFilterQuery(values).toString()}`,
  };
}

export default function AuditLogScreen() {
  const { rows, total, state, values, problems, users, actions, size, waiting, fromSpool, download, timeZone } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t("auditLog.heading")}</Title>
          <Text dimmed size="sm">
            {t("auditLog.intro")}
          </Text>
        </Stack>
        {fromSpool ? null : (
          <AnchorButton href={download} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
            {t("auditLog.download")}
          </AnchorButton>
        )}
      </Group>
      <SpoolBanner waiting={waiting} fromSpool={fromSpool} />
      <AuditFilterForm values={values} problems={problems} users={users} actions={actions} size={size} />
      <AuditTable rows={rows} state={state} total={total} timeZone={timeZone} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
