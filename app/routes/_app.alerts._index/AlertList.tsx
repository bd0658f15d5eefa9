// The alerts, newest first: what, since when the condition held, when the alert opened and
// resolved, and who acknowledged it — or the button that does, one form per open alert.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { alertWhat } from "~/components/alerts/words";
import { PageNavigation } from "~/components/DataTable";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import type { AlertRow } from "~/alerts/rows";
import type { AlertFilter } from "~/records/alerts";
import { acknowledgeCommand } from "~/alerts/forms";
import { alertsPageSize } from "./alerts.server";

export function AlertList({
  rows,
  total,
  page,
  filter,
  returnTo,
  acknowledges,
}: {
  rows: AlertRow[];
  total: number;
  page: number;
  filter: AlertFilter;
  returnTo: string;
  /** Whether the user may acknowledge (a Moderator only sees). */
  acknowledges: boolean;
}) {
  const { t } = useTranslation("alerts");
  if (rows.length === 0) return <Text>{t(`list.none.${filter}`)}</Text>;
  return (
    <>
      <TableScroll minWidth={760} stacked>
        <Table aria-labelledby="alert-list-title" verticalSpacing="xs" stacked>
          <thead>
            <tr>
              <th scope="col">{t("list.columns.what")}</th>
              <th scope="col">{t("list.columns.since")}</th>
              <th scope="col">{t("list.columns.opened")}</th>
              <th scope="col">{t("list.columns.resolved")}</th>
              <th scope="col">{t("list.columns.acknowledged")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const what = alertWhat(t, row);
              return (
                <tr key={row.id} data-alert={row.id}>
                  <td data-label={t("list.columns.what")}>
                    <span>{what}</span>
                  </td>
                  <td data-label={t("list.columns.since")}>
                    <span>{row.sinceText}</span>
                  </td>
                  <td data-label={t("list.columns.opened")}>
                    <span>{row.openedText}</span>
                  </td>
                  <td data-label={t("list.columns.resolved")}>
                    {row.resolvedText ? <span>{row.resolvedText}</span> : <Badge color="red">{t("list.open")}</Badge>}
                  </td>
                  <td data-label={t("list.columns.acknowledged")}>
                    {row.acknowledged ? (
                      <span>
                        {t("list.acknowledgedBy", { time: row.acknowledged.text, name: row.acknowledged.by })}
                      </span>
                    ) : !acknowledges ? (
                      <span>{t("list.notAcknowledged")}</span>
                    ) : (
                      <Form method="post" style={{ display: "inline" }}>
                        <input type="hidden" name="alertId" value={row.id} />
                        <input type="hidden" name="redirectTo" value={returnTo} />
                        <Button
                          type="submit"
                          name="intent"
                          value={acknowledgeCommand.intent}
                          size="xs"
                          variant="default"
                          aria-label={t("list.acknowledgeLabel", { what })}
                        >
                          {t("list.acknowledge")}
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableScroll>
      {total > alertsPageSize ? (
        <PageNavigation page={page} pageSize={alertsPageSize} total={total} label={t("list.pages")} />
      ) : null}
    </>
  );
}
