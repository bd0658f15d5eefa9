// /listening/events/:eventId/print — an event's report on one A4 page (issue 35, item 2), with
// the print rules of the signs (docs/decisions/061-printable-signs.md): no shell around it, the
// paper in one @page rule in millimetres, near-black text on white whatever the theme, nothing
// breaking across the page. The sheet holds the figures, the chart, the busiest channels and
// stations and the first drop-outs; the rest is on the report page and in its CSV, and the sheet
// says how many more there are. Admins and Owners.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { ListenersChart } from "~/components/listening/ListenersChart";
import { LinkAnchor } from "~/components/ui/anchor";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Text } from "~/components/ui/text";
import { i18next } from "~/i18n/i18next.server";
import { eventAndReport } from "~/listening/event-report.server";
import { eventView, reportView, type ReportRowView } from "~/listening/report-view.server";
import type { loader as rootLoader } from "~/root";
import { pageTitle } from "~/utils/meta";
import { useHydrated } from "~/utils/use-hydrated";
import printStyles from "./report-print.css";

export const links = () => [{ rel: "stylesheet", href: printStyles }];

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = (args) =>
  pageTitle("listeningEvent", args.data?.event.title)(args as Parameters<ReturnType<typeof pageTitle>>[0]);

/** What one A4 page holds besides the figures and the chart. */
export const printedRows = { channels: 10, stations: 6, dropouts: 5 } as const;

/** A4 with 12 mm margins, as a fixed rule: nothing from the request in it. */
const pageRule = "@page { size: 210mm 297mm; margin: 12mm; }";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "listening.show");
  const locale = await i18next.getLocale(request);
  const { event, loaded, names } = await eventAndReport(params.eventId ?? "", locale);
  return {
    event: eventView(event, locale, names),
    report: reportView(loaded, locale, {
      channels: { skip: 0, take: printedRows.channels },
      stations: { skip: 0, take: printedRows.stations },
      dropouts: printedRows.dropouts,
    }),
  };
}

function PrintButton() {
  const { t } = useTranslation("listening");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button type="button" variant="default" onClick={() => window.print()}>
      {t("print.print")}
    </Button>
  );
}

function RowsTable({
  caption,
  rows,
  total,
  withChannel,
}: {
  caption: string;
  rows: ReportRowView[];
  total: number;
  withChannel: boolean;
}) {
  const { t } = useTranslation("listening");
  if (rows.length === 0) return null;
  return (
    <table className="report-sheet-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("report.columns.station")}</th>
          {withChannel ? <th scope="col">{t("report.columns.channel")}</th> : null}
          <th scope="col">{t("report.columns.peak")}</th>
          <th scope="col">{t("report.columns.listenerMinutes")}</th>
          <th scope="col">{t("report.columns.sessions")}</th>
          <th scope="col">{t("report.columns.average")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>{row.stationName}</td>
            {withChannel ? <td>{row.channelName}</td> : null}
            <td>{row.peakText}</td>
            <td>{row.listenerMinutesText}</td>
            <td>{row.sessionsText}</td>
            <td>{row.averageText === null ? "—" : t("report.minutesValue", { minutes: row.averageText })}</td>
          </tr>
        ))}
      </tbody>
      {total > rows.length ? (
        <tfoot>
          <tr>
            <td colSpan={withChannel ? 6 : 5}>{t("print.more", { count: total - rows.length })}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

export default function PrintedReport() {
  const { event, report } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listening");
  return (
    <main id="main" className="report-sheet-page">
      <div className="report-sheet-controls">
        <Group gap="md">
          <LinkAnchor to={`/listening/events/${event.id}`}>{t("print.back")}</LinkAnchor>
          <PrintButton />
        </Group>
        <Text size="sm">{t("print.hint")}</Text>
      </div>
      <style>{pageRule}</style>
      <article className="report-sheet" data-testid="report-sheet" aria-labelledby="report-sheet-title">
        <header>
          <p className="report-sheet-kicker">{t("print.kicker")}</p>
          <h1 id="report-sheet-title">{event.title}</h1>
          <p>
            {event.endsText
              ? t("report.when", { from: event.startsText, to: event.endsText })
              : t("report.whenOpen", { from: event.startsText })}{" "}
            {event.scope.length === 0
              ? t("report.coversVenue")
              : t("report.covers", { names: event.scope.join(", "), count: event.scope.length })}
          </p>
        </header>
        {report.notStarted ? (
          <p>{t("report.notStarted", { time: event.startsText })}</p>
        ) : (
          <>
            <dl className="report-sheet-figures">
              <div>
                <dt>{report.peakIsUpperBound ? t("report.peakUpperBound") : t("report.peak")}</dt>
                <dd>
                  {report.peak?.listenersText ?? "0"}
                  {report.peak ? <small>{t("report.peakAt", { time: report.peak.atText })}</small> : null}
                </dd>
              </div>
              <div>
                <dt>{t("report.listenerMinutes")}</dt>
                <dd>{report.listenerMinutesText}</dd>
              </div>
              <div>
                <dt>{t("report.sessions")}</dt>
                <dd>
                  {report.sessionsText}
                  <small>{t("report.estimated")}</small>
                </dd>
              </div>
              <div>
                <dt>{t("report.averageSession")}</dt>
                <dd>
                  {report.averageSessionText === null
                    ? t("report.none")
                    : t("report.minutesValue", { minutes: report.averageSessionText })}
                  <small>{t("report.estimated")}</small>
                </dd>
              </div>
            </dl>
            {report.knownPercentText !== null ? (
              <p>{t("report.partlyKnown", { percent: report.knownPercentText })}</p>
            ) : null}
            {report.chart ? (
              <ListenersChart chart={report.chart} title={t("report.chartTitle", { title: event.title })} />
            ) : null}
            <RowsTable
              caption={t("report.perChannel")}
              rows={report.channels}
              total={report.channelsTotal}
              withChannel
            />
            <RowsTable
              caption={t("report.perStation")}
              rows={report.stations}
              total={report.stationsTotal}
              withChannel={false}
            />
            {report.dropouts.length > 0 ? (
              <section aria-labelledby="report-sheet-dropouts">
                <h2 id="report-sheet-dropouts">{t("report.dropouts")}</h2>
                <ul>
                  {report.dropouts.map((dropout) => (
                    <li key={dropout.key}>
                      {t("print.dropout", {
                        station: dropout.stationName,
                        at: dropout.atText,
                        count: dropout.listeners,
                        listeners: dropout.listenersText,
                      })}{" "}
                      {dropout.untilText ? t("print.backAt", { time: dropout.untilText }) : t("report.notBack")}
                    </li>
                  ))}
                </ul>
                {report.dropoutsTotal > report.dropouts.length ? (
                  <p>{t("print.more", { count: report.dropoutsTotal - report.dropouts.length })}</p>
                ) : null}
              </section>
            ) : null}
            <p className="report-sheet-note">{t("report.estimateNote")}</p>
          </>
        )}
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
