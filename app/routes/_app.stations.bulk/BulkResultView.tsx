// The result of a bulk action, station by station: done, skipped and why, or failed with the
// Manager's message.
import { useTranslation } from "react-i18next";
import type { BulkAction } from "~/domain/bulk-actions";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { BulkResultRow } from "./bulk.server";
import { StationCell } from "./StationCell";
import { skipReasonKey, stationsPath } from "./texts";

export interface BulkResultData {
  view: "result";
  action: BulkAction;
  selectionId: string | null;
  rows: BulkResultRow[];
}

const outcomeColor: Record<BulkResultRow["outcome"]["kind"], BadgeColor> = {
  done: "green",
  skipped: "gray",
  failed: "red",
};

export function BulkResultView({ data }: { data: BulkResultData }) {
  const { t } = useTranslation("stations");
  const { t: tCommon } = useTranslation();
  const count = (kind: BulkResultRow["outcome"]["kind"]) => data.rows.filter((row) => row.outcome.kind === kind).length;
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`bulk.resultTitles.${data.action}`)}</Title>
      <Text role="status">
        {t("bulk.summary", { done: count("done"), skipped: count("skipped"), failed: count("failed") })}
      </Text>
      <TableScroll minWidth={400}>
        <Table aria-label={t("bulk.resultCaption")} verticalSpacing="xs">
          <thead>
            <tr>
              <th scope="col">{t("bulk.columns.station")}</th>
              <th scope="col">{t("bulk.columns.outcome")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map(({ serialNumber, name, outcome }) => (
              <tr key={serialNumber}>
                <td>
                  <StationCell serialNumber={serialNumber} name={name} />
                </td>
                <td>
                  <Group gap="xs" wrap="wrap">
                    <Badge color={outcomeColor[outcome.kind]}>{t(`bulk.outcomes.${outcome.kind}`)}</Badge>
                    {outcome.kind === "skipped" ? <Text size="sm">{t(skipReasonKey(outcome.reason))}</Text> : null}
                    {outcome.kind === "failed" ? <Text size="sm">{tCommon(outcome.messageKey)}</Text> : null}
                  </Group>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <Group>
        <LinkButton to={stationsPath(data.selectionId)} variant="default">
          {t("bulk.backToList")}
        </LinkButton>
      </Group>
    </Stack>
  );
}
