// /listening/events/:eventId — an event's report (issue 35, item 2): its figures (the most
// listeners at once and when, listener-minutes, sessions and their average length, estimated),
// its chart with the data table, per channel and per station, and the stations that dropped out
// with the listeners they had. "End now" while it runs, change it (?edit=1), delete it
// (?confirm=delete), download the CSV, print one A4 page. Admins and Owners. With JavaScript a
// running event's report grows as the hub pushes and every sampling interval.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { ConfirmDialog, ConfirmLink } from "~/components/ConfirmDialog";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { EventForm } from "~/components/listening/EventForm";
import { eventStateColor } from "~/components/listening/event-states";
import { ListenersChart } from "~/components/listening/ListenersChart";
import { Alert } from "~/components/ui/alert";
import { LinkAnchor } from "~/components/ui/anchor";
import { Badge } from "~/components/ui/badge";
import { AnchorButton, Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { can } from "~/domain/permissions";
import { localText } from "~/domain/listening-ranges";
import { i18next } from "~/i18n/i18next.server";
import { eventAndReport } from "~/listening/event-report.server";
import { eventState, scopeStations } from "~/listening/event-rows.server";
import { deleteEventCommand, endEventCommand, updateEventForm } from "~/listening/event-forms";
import { eventView, reportView } from "~/listening/report-view.server";
import { replyFor, type FormReply } from "~/route-helpers/form-reply";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { constraintsOf, intentTable } from "~/route-helpers/intent-table.server";
import { getRuntime } from "~/runtime.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { newSubmissionId } from "~/utils/once-per-submission.server";
import { useRevalidateEvery } from "~/utils/use-revalidate-every";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { withSearchParams } from "~/utils/url";
import { ReportFigures } from "./ReportFigures";
import { ChannelFigures, Dropouts, reportPageSize, StationFigures } from "./ReportTables";

export const meta = pageTitle("listeningEvent");
export const handle = {
  titleKey: "listeningEvent",
  // A running event follows the stations hub (at most every 5 s: the report reads the history).
  hubs: (data: unknown) => ((data as { state?: string } | undefined)?.state === "running" ? ["stationsHub"] : []),
  liveEveryMs: 5000,
} satisfies ScreenHandle;
// The edit form carries a one-time submission id: never from a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const pageOf = (search: URLSearchParams, name: string) => Math.max(1, Math.floor(Number(search.get(name)) || 1));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, "listening.show");
  const search = new URL(request.url).searchParams;
  const locale = await i18next.getLocale(request);
  const now = Date.now();
  const { event, loaded, entities, names } = await eventAndReport(params.eventId ?? "", locale, now);
  const channelsPage = pageOf(search, "channels");
  const stationsPage = pageOf(search, "stations");
  const canEdit = can(user, "listening.edit");
  const editing = canEdit && search.get("edit") === "1";
  return {
    state: eventState(event, now),
    event: eventView(event, locale, names),
    report: reportView(loaded, locale, {
      channels: { skip: (channelsPage - 1) * reportPageSize, take: reportPageSize },
      stations: { skip: (stationsPage - 1) * reportPageSize, take: reportPageSize },
    }),
    channelsPage,
    stationsPage,
    canEdit,
    sampleSeconds: getRuntime().config.listening.sampleSeconds,
    edit: editing
      ? {
          constraint: (await constraintsOf(updateEventForm)).updateEvent,
          submissionId: newSubmissionId(),
          stations: scopeStations(entities),
          defaults: {
            title: event.title,
            startsAt: localText(event.startsAt),
            endsAt: event.endsAt === null ? "" : localText(event.endsAt),
            scope: event.scope,
          },
        }
      : null,
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(updateEventForm, endEventCommand, deleteEventCommand));

function EventActions({ id, running, canEdit }: { id: string; running: boolean; canEdit: boolean }) {
  const { t } = useTranslation("listening");
  const location = useLocation();
  return (
    <Group gap="sm">
      {canEdit && running ? (
        <Form method="post">
          <Button type="submit" name="intent" value={endEventCommand.intent}>
            {t("report.endNow")}
          </Button>
        </Form>
      ) : null}{" "}
      {/* The spaces between the actions: a text browser reads them as separate words. */}
      {canEdit ? (
        <LinkButton to={withSearchParams(location, { edit: 1 })} variant="default" preventScrollReset>
          {t("report.edit")}
        </LinkButton>
      ) : null}{" "}
      <AnchorButton href={`/listening/events/${id}/report.csv`} variant="default" download>
        {t("report.downloadCsv")}
      </AnchorButton>{" "}
      <AnchorButton href={`/listening/events/${id}/print`} variant="default">
        {t("report.print")}
      </AnchorButton>{" "}
      {canEdit ? (
        <ConfirmLink name="delete" variant="default" color="red">
          {t("report.delete")}
        </ConfirmLink>
      ) : null}
    </Group>
  );
}

export default function EventReportPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  const location = useLocation();
  const { t } = useTranslation("listening");
  const { event, report } = data;
  const running = data.state === "running";
  useRevalidateEvery(data.sampleSeconds * 1000, running);
  return (
    <Stack gap="lg">
      <LinkAnchor to="/listening/events" size="sm">
        {t("report.backToEvents")}
      </LinkAnchor>
      <Stack gap={4}>
        <Group gap="md" align="center">
          <Title order={1}>{event.title}</Title>
          <Badge color={eventStateColor[data.state]}>{t(`events.states.${data.state}`)}</Badge>
        </Group>
        <Text size="sm">
          {event.endsText
            ? t("report.when", { from: event.startsText, to: event.endsText })
            : t("report.whenOpen", { from: event.startsText })}{" "}
          {event.scope.length === 0
            ? t("report.coversVenue")
            : t("report.covers", { names: event.scope.join(", "), count: event.scope.length })}{" "}
          {t("report.namedBy", { name: event.createdBy })}
        </Text>
      </Stack>
      <EventActions id={event.id} running={running} canEdit={data.canEdit} />
      {data.edit ? (
        <Card withBorder>
          <section aria-labelledby="edit-event-title">
            <Stack gap="sm">
              <Title order={2} size="h3" id="edit-event-title">
                {t("report.editHeading")}
              </Title>
              <EventForm
                id="edit-event"
                intent={updateEventForm.intent}
                form={updateEventForm}
                constraint={data.edit.constraint}
                lastResult={replyFor(reply, updateEventForm.intent)}
                defaults={data.edit.defaults}
                stations={data.edit.stations}
                submissionId={data.edit.submissionId}
                submitLabel={t("events.form.save")}
                cancel={
                  <LinkButton to={withSearchParams(location, { edit: null })} variant="default">
                    {t("events.form.cancel")}
                  </LinkButton>
                }
              />
            </Stack>
          </section>
        </Card>
      ) : null}
      {report.notStarted ? (
        <Alert color="gray" role="status">
          {t("report.notStarted", { time: event.startsText })}
        </Alert>
      ) : (
        <>
          <ReportFigures report={report} />
          {report.chart ? (
            <ListenersChart chart={report.chart} title={t("report.chartTitle", { title: event.title })} />
          ) : null}
          <ChannelFigures rows={report.channels} total={report.channelsTotal} page={data.channelsPage} />
          <StationFigures rows={report.stations} total={report.stationsTotal} page={data.stationsPage} />
          <Dropouts rows={report.dropouts} />
        </>
      )}
      {data.canEdit ? (
        <ConfirmDialog
          name="delete"
          intent={deleteEventCommand.intent}
          title={t("report.deleteTitle", { title: event.title })}
          confirmLabel={t("report.deleteConfirm")}
          color="red"
        >
          {t("report.deleteMessage")}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
