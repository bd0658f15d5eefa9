// The events, newest start first: title (to its report), when it starts and ends, whether it is
// still to come, running or over, and what it covers.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageNavigation } from "~/components/DataTable";
import { eventStateColor } from "~/components/listening/event-states";
import { Badge } from "~/components/ui/badge";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { EventRow } from "~/listening/event-rows.server";

export function EventList({
  rows,
  total,
  page,
  pageSize,
}: {
  rows: EventRow[];
  total: number;
  page: number;
  pageSize: number;
}) {
  const { t } = useTranslation("listening");
  return (
    <section aria-labelledby="event-list-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="event-list-title">
          {t("events.listHeading")}
        </Title>
        {rows.length === 0 ? (
          <Text>{t("events.none")}</Text>
        ) : (
          <>
            <TableScroll minWidth={600} stacked>
              <Table aria-labelledby="event-list-title" verticalSpacing="xs" stacked>
                <thead>
                  <tr>
                    <th scope="col">{t("events.columns.title")}</th>
                    <th scope="col">{t("events.columns.starts")}</th>
                    <th scope="col">{t("events.columns.ends")}</th>
                    <th scope="col">{t("events.columns.state")}</th>
                    <th scope="col">{t("events.columns.scope")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td data-label={t("events.columns.title")}>
                        <Link to={`/listening/events/${row.id}`}>{row.title}</Link>
                      </td>
                      <td data-label={t("events.columns.starts")}>
                        <span>{row.startsText}</span>
                      </td>
                      <td data-label={t("events.columns.ends")}>
                        <span>{row.endsText ?? t("events.noEnd")}</span>
                      </td>
                      <td data-label={t("events.columns.state")}>
                        <Badge color={eventStateColor[row.state]}>{t(`events.states.${row.state}`)}</Badge>
                      </td>
                      <td data-label={t("events.columns.scope")}>
                        <span>
                          {row.scope.length === 0
                            ? t("events.wholeVenue")
                            : t("events.scopeCount", { count: row.scope.length })}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
            {total > pageSize ? (
              <PageNavigation page={page} pageSize={pageSize} total={total} label={t("events.pages")} />
            ) : null}
          </>
        )}
      </Stack>
    </section>
  );
}
