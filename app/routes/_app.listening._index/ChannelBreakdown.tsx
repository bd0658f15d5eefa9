// The channels that had listeners in the range, the busiest first: the most at once, the
// listener-minutes and their share, each with a link to its own chart.
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageNavigation } from "~/components/DataTable";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { withSearchParams } from "~/utils/url";
import type { BreakdownRow } from "./history.server";

export function ChannelBreakdown({
  rows,
  total,
  page,
  pageSize,
}: {
  rows: BreakdownRow[];
  total: number;
  page: number;
  pageSize: number;
}) {
  const { t } = useTranslation("listening");
  const location = useLocation();
  return (
    <section aria-labelledby="breakdown-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="breakdown-title">
          {t("breakdown.heading")}
        </Title>
        {rows.length === 0 ? (
          <Text>{t("breakdown.empty")}</Text>
        ) : (
          <>
            <TableScroll minWidth={560} stacked>
              <Table aria-labelledby="breakdown-title" verticalSpacing="xs" stacked>
                <thead>
                  <tr>
                    <th scope="col">{t("breakdown.station")}</th>
                    <th scope="col">{t("breakdown.channel")}</th>
                    <th scope="col">{t("breakdown.peak")}</th>
                    <th scope="col">{t("breakdown.listenerMinutes")}</th>
                    <th scope="col">{t("breakdown.share")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={`${row.serialNumber}/${row.channelIndex}`}>
                      <td data-label={t("breakdown.station")}>
                        <Link to={withSearchParams(location, { station: row.serialNumber, channel: null, page: null })}>
                          {row.stationName}
                        </Link>
                      </td>
                      <td data-label={t("breakdown.channel")}>
                        <Link
                          to={withSearchParams(location, {
                            station: row.serialNumber,
                            channel: row.channelIndex,
                            page: null,
                          })}
                        >
                          {row.channelName}
                        </Link>
                      </td>
                      <td data-label={t("breakdown.peak")}>
                        <span>{row.peakText}</span>
                      </td>
                      <td data-label={t("breakdown.listenerMinutes")}>
                        <span>{row.listenerMinutesText}</span>
                      </td>
                      <td data-label={t("breakdown.share")}>
                        <span>{t("breakdown.shareValue", { share: row.shareText })}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
            {total > pageSize ? (
              <PageNavigation page={page} pageSize={pageSize} total={total} label={t("breakdown.pages")} />
            ) : null}
          </>
        )}
      </Stack>
    </section>
  );
}
