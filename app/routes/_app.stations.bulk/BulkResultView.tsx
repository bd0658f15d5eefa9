// The result of a bulk action: how many stations were done, skipped and failed, and why (counted
// per reason), then the stations page by page — those that failed first — each with its outcome.
import { useTranslation } from "react-i18next";
import { skipReasonKey } from "~/domain/bulk-actions";
import { PageNavigation } from "~/components/DataTable";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { BulkResultRow } from "./bulk.server";
import type { BulkResultData } from "./pages.server";
import { StationCell } from "./StationCell";
import { stationsPath } from "./texts";

const outcomeColor: Record<BulkResultRow["outcome"]["kind"], BadgeColor> = {
  done: "green",
  skipped: "gray",
  failed: "red",
};

function Reasons({ reasons }: { reasons: BulkResultData["reasons"] }) {
  const { t } = useTranslation("stations");
  const { t: tAny } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={t("bulk.resultReasons")} className="bulk-reasons">
      {reasons.map((counted) => (
        <li key={counted.kind === "skipped" ? `skipped:${counted.reason}` : `failed:${counted.messageKey}`}>
          <Text size="sm">
            {counted.kind === "skipped"
              ? t("bulk.skippedBecause", { count: counted.count, reason: t(skipReasonKey(counted.reason)) })
              : t("bulk.failedBecause", { count: counted.count, reason: tAny(counted.messageKey) })}
          </Text>
        </li>
      ))}
    </ul>
  );
}

export function BulkResultView({ data }: { data: BulkResultData }) {
  const { t } = useTranslation("stations");
  const { t: tCommon } = useTranslation();
  const { page } = data;
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`bulk.resultTitles.${data.action}`)}</Title>
      <Text role="status">{t("bulk.summary", { ...data.counts })}</Text>
      <Reasons reasons={data.reasons} />
      <TableScroll minWidth={400}>
        <Table aria-label={t("bulk.resultCaption")} verticalSpacing="xs">
          <thead>
            <tr>
              <th scope="col">{t("bulk.columns.station")}</th>
              <th scope="col">{t("bulk.columns.outcome")}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map(({ serialNumber, name, outcome }) => (
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
      {page.total > page.pageSize ? (
        <PageNavigation page={page.page} pageSize={page.pageSize} total={page.total} label={t("bulk.pages")} />
      ) : null}
      <Group>
        <LinkButton to={stationsPath(data.selectionId)} variant="default">
          {t("bulk.backToList")}
        </LinkButton>
      </Group>
    </Stack>
  );
}
