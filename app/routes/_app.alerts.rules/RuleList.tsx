// The rules, oldest first: what, where, the grace period, who added it when, and "delete".
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { deleteRuleCommand } from "~/alerts/forms";
import type { RuleRow } from "~/alerts/rows";
import { Button } from "~/components/ui/button";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { stationScopedKinds } from "~/domain/alert-rules";

export function RuleList({ rows }: { rows: RuleRow[] }) {
  const { t } = useTranslation("alerts");
  if (rows.length === 0) return <Text>{t("rules.none")}</Text>;
  return (
    <TableScroll minWidth={640} stacked>
      <Table aria-labelledby="rule-list-title" verticalSpacing="xs" stacked>
        <thead>
          <tr>
            <th scope="col">{t("rules.columns.what")}</th>
            <th scope="col">{t("rules.columns.where")}</th>
            <th scope="col">{t("rules.columns.grace")}</th>
            <th scope="col">{t("rules.columns.added")}</th>
            <th scope="col">{t("rules.columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const what = t(`kinds.${row.kind}`);
            return (
              <tr key={row.id} data-rule={row.id}>
                <td data-label={t("rules.columns.what")}>
                  <span>{what}</span>
                </td>
                <td data-label={t("rules.columns.where")}>
                  <span>
                    {!stationScopedKinds.includes(row.kind)
                      ? t("rules.notAboutStations")
                      : row.stations.length === 0
                        ? t("rules.allStations")
                        : row.stations.join(", ")}
                    {row.duringEventsOnly ? ` · ${t("rules.duringEventsOnly")}` : null}
                  </span>
                </td>
                <td data-label={t("rules.columns.grace")}>
                  <span>{t("rules.graceSeconds", { count: row.graceSeconds })}</span>
                </td>
                <td data-label={t("rules.columns.added")}>
                  <span>
                    {row.addedText} · {row.addedBy}
                  </span>
                </td>
                <td data-label={t("rules.columns.actions")}>
                  <Form method="post" style={{ display: "inline" }}>
                    <input type="hidden" name="ruleId" value={row.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value={deleteRuleCommand.intent}
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={t("rules.deleteLabel", { what })}
                    >
                      {t("rules.delete")}
                    </Button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
