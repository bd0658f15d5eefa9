// Past and running rollouts, newest first: when, by whom, which firmware, the state it is in or
// ended with, and how many of its stations are done, failed or skipped.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { RolloutState, RolloutStationState } from "~/records/rollouts";
import { rolloutPath, rolloutStateColor } from "~/rollouts/texts";

export interface RolloutRow {
  id: string;
  startedText: string;
  by: string;
  versions: string[];
  state: RolloutState;
  counts: Record<RolloutStationState, number>;
}

export function RolloutList({ rows, page, pages }: { rows: RolloutRow[]; page: number; pages: number }) {
  const { t } = useTranslation("stations");
  return (
    <section aria-labelledby="rollout-list-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="rollout-list-title">
          {t("rollouts.listHeading")}
        </Title>
        {rows.length === 0 ? (
          <Text>{t("rollouts.none")}</Text>
        ) : (
          <TableScroll minWidth={640}>
            <Table aria-labelledby="rollout-list-title" verticalSpacing="xs" stacked>
              <thead>
                <tr>
                  <th scope="col">{t("rollouts.columns.rollout")}</th>
                  <th scope="col">{t("rollouts.columns.started")}</th>
                  <th scope="col">{t("rollouts.columns.by")}</th>
                  <th scope="col">{t("rollouts.columns.firmware")}</th>
                  <th scope="col">{t("rollouts.columns.state")}</th>
                  <th scope="col">{t("rollouts.columns.stations")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const total = Object.values(row.counts).reduce((sum, count) => sum + count, 0);
                  return (
                    <tr key={row.id}>
                      <td data-label={t("rollouts.columns.rollout")}>
                        <Link to={rolloutPath(row.id)}>{t("rollouts.rolloutName", { id: row.id })}</Link>
                      </td>
                      <td data-label={t("rollouts.columns.started")}>
                        <span>{row.startedText}</span>
                      </td>
                      <td data-label={t("rollouts.columns.by")}>
                        <span>{row.by}</span>
                      </td>
                      <td data-label={t("rollouts.columns.firmware")}>
                        <span>{row.versions.join(", ")}</span>
                      </td>
                      <td data-label={t("rollouts.columns.state")}>
                        <Badge color={rolloutStateColor[row.state]}>{t(`rollouts.states.${row.state}`)}</Badge>
                      </td>
                      <td data-label={t("rollouts.columns.stations")}>
                        <span>
                          {t("rollouts.counts", {
                            done: row.counts.done,
                            total,
                            failed: row.counts.failed,
                            skipped: row.counts.skipped,
                          })}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </TableScroll>
        )}
        {pages > 1 ? (
          <Group gap="sm">
            {page > 1 ? (
              <LinkButton to={`?page=${page - 1}`} variant="default" size="xs">
                ←
              </LinkButton>
            ) : null}
            <Text size="sm">
              {page} / {pages}
            </Text>
            {page < pages ? (
              <LinkButton to={`?page=${page + 1}`} variant="default" size="xs">
                →
              </LinkButton>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </section>
  );
}
