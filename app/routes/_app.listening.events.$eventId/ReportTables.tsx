// The event per channel and per station (the busiest first, a page at a time: the CSV has every
// row), and the moments a station dropped out with the listeners it had then.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageNavigation } from "~/components/DataTable";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { DropoutView, ReportRowView } from "~/listening/report-view.server";

export const reportPageSize = 25;

function FiguresTable({
  id,
  heading,
  rows,
  total,
  page,
  param,
  withChannel,
}: {
  id: string;
  heading: string;
  rows: ReportRowView[];
  total: number;
  page: number;
  param: string;
  withChannel: boolean;
}) {
  const { t } = useTranslation("listening");
  const columns = {
    station: t("report.columns.station"),
    channel: t("report.columns.channel"),
    peak: t("report.columns.peak"),
    listenerMinutes: t("report.columns.listenerMinutes"),
    sessions: t("report.columns.sessions"),
    average: t("report.columns.average"),
  };
  return (
    <section aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {heading}
        </Title>
        {rows.length === 0 ? (
          <Text>{t("report.nobody")}</Text>
        ) : (
          <>
            <TableScroll minWidth={640} stacked>
              <Table aria-labelledby={id} verticalSpacing="xs" stacked>
                <thead>
                  <tr>
                    <th scope="col">{columns.station}</th>
                    {withChannel ? <th scope="col">{columns.channel}</th> : null}
                    <th scope="col">{columns.peak}</th>
                    <th scope="col">{columns.listenerMinutes}</th>
                    <th scope="col">{columns.sessions}</th>
                    <th scope="col">{columns.average}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.key}>
                      <td data-label={columns.station}>
                        <Link to={`/stations/${encodeURIComponent(row.serialNumber)}`}>{row.stationName}</Link>
                      </td>
                      {withChannel ? (
                        <td data-label={columns.channel}>
                          <Link to={`/stations/${encodeURIComponent(row.serialNumber)}/channels/${row.channelIndex}`}>
                            {row.channelName}
                          </Link>
                        </td>
                      ) : null}
                      <td data-label={columns.peak}>
                        <span>{row.peakText}</span>
                      </td>
                      <td data-label={columns.listenerMinutes}>
                        <span>{row.listenerMinutesText}</span>
                      </td>
                      <td data-label={columns.sessions}>
                        <span>{row.sessionsText}</span>
                      </td>
                      <td data-label={columns.average}>
                        <span>
                          {row.averageText === null ? "—" : t("report.minutesValue", { minutes: row.averageText })}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
            {total > reportPageSize ? (
              <PageNavigation page={page} pageSize={reportPageSize} total={total} label={heading} param={param} />
            ) : null}
          </>
        )}
      </Stack>
    </section>
  );
}

export function ChannelFigures(props: { rows: ReportRowView[]; total: number; page: number }) {
  const { t } = useTranslation("listening");
  return <FiguresTable id="report-channels" heading={t("report.perChannel")} param="channels" withChannel {...props} />;
}

export function StationFigures(props: { rows: ReportRowView[]; total: number; page: number }) {
  const { t } = useTranslation("listening");
  return (
    <FiguresTable
      id="report-stations"
      heading={t("report.perStation")}
      param="stations"
      withChannel={false}
      {...props}
    />
  );
}

export function Dropouts({ rows }: { rows: DropoutView[] }) {
  const { t } = useTranslation("listening");
  const columns = {
    station: t("report.columns.station"),
    at: t("report.columns.droppedAt"),
    until: t("report.columns.backAt"),
    listeners: t("report.columns.listenersAtDrop"),
  };
  return (
    <section aria-labelledby="report-dropouts">
      <Stack gap="sm">
        <Title order={2} size="h3" id="report-dropouts">
          {t("report.dropouts")}
        </Title>
        {rows.length === 0 ? (
          <Text>{t("report.noDropouts")}</Text>
        ) : (
          <TableScroll minWidth={560} stacked>
            <Table aria-labelledby="report-dropouts" verticalSpacing="xs" stacked>
              <thead>
                <tr>
                  <th scope="col">{columns.station}</th>
                  <th scope="col">{columns.at}</th>
                  <th scope="col">{columns.until}</th>
                  <th scope="col">{columns.listeners}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <td data-label={columns.station}>
                      <Link to={`/stations/${encodeURIComponent(row.serialNumber)}`}>{row.stationName}</Link>
                    </td>
                    <td data-label={columns.at}>
                      <span>{row.atText}</span>
                    </td>
                    <td data-label={columns.until}>
                      <span>{row.untilText ?? t("report.notBack")}</span>
                    </td>
                    <td data-label={columns.listeners}>
                      <span>{t("report.listenersValue", { count: row.listeners, listeners: row.listenersText })}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </section>
  );
}
