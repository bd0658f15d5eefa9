// What the restore did: the counts, then per station (a page of them at a time) every setting as
// done, skipped (and why) or failed (with the Manager's reason), the settings already as in the
// backup as a count, the stations that could not be restored and why, and the venue's. A link
// shows the kept backup's preview again: after an apply it has nothing left to change.
import { useTranslation } from "react-i18next";
import { PageNavigation } from "~/components/DataTable";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { Group } from "~/components/ui/group";
import type { ItemStatus, ResultItem, RestoreResult } from "~/venue-backup/restore-result";
import { notRestorableText, settingText } from "~/venue-backup/texts";

const statusColor: Record<ItemStatus, BadgeColor> = {
  done: "green",
  unchanged: "gray",
  skipped: "orange",
  failed: "red",
};

function ItemsTable({ items, caption }: { items: ResultItem[]; caption: string }) {
  const { t } = useTranslation("admin");
  return (
    <TableScroll minWidth={480}>
      <Table aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t("venueBackup.restore.columns.setting")}</th>
            <th scope="col">{t("venueBackup.result.columns.status")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry.key} data-testid="restore-result-item">
              <td>{settingText(t, entry.kind, entry.channelIndex)}</td>
              <td>
                <Badge color={statusColor[entry.status]}>{t(`venueBackup.result.status.${entry.status}`)}</Badge>
                {entry.skipReason ? (
                  <Text size="sm" component="span">
                    {" "}
                    {t(`venueBackup.result.skipReason.${entry.skipReason}`)}
                  </Text>
                ) : null}
                {entry.failure ? (
                  <Text size="sm" component="span">
                    {" "}
                    {entry.failure.detail ??
                      t(`venueBackup.result.failure.${entry.failure.kind}`, {
                        defaultValue: t("venueBackup.result.failure.other"),
                      })}
                  </Text>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

export function RestoreResultList({
  result,
  paging,
}: {
  result: RestoreResult;
  /** Which of the result's stations this page lists. */
  paging: { page: number; pageSize: number; total: number };
}) {
  const { t } = useTranslation("admin");
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t("venueBackup.result.title")}
        </Title>
        <Text size="sm" data-testid="restore-counts">
          {t("venueBackup.result.counts", result.counts)}
        </Text>
        {result.notInVenue > 0 ? (
          <Text size="sm">{t("venueBackup.result.notInVenue", { count: result.notInVenue })}</Text>
        ) : null}
      </Stack>
      {result.stations.map((station, position) => (
        <Card
          key={station.backupSerialNumber}
          withBorder
          component="section"
          aria-labelledby={`result-station-${position}`}
          data-testid="restore-result-station"
        >
          <Stack gap="sm">
            <Title order={3} size="h4" id={`result-station-${position}`}>
              {station.targetSerialNumber && station.targetSerialNumber !== station.backupSerialNumber
                ? t("venueBackup.result.stationOnto", {
                    label: station.label,
                    serialNumber: station.backupSerialNumber,
                    target: station.targetSerialNumber,
                  })
                : t("venueBackup.restore.stationHeading", {
                    label: station.label,
                    serialNumber: station.backupSerialNumber,
                  })}
            </Title>
            {station.reason ? (
              <Text size="sm">
                <Badge component="span" color="orange">
                  {t("venueBackup.result.status.skipped")}
                </Badge>{" "}
                {notRestorableText(t, station)}
              </Text>
            ) : (
              <>
                <ItemsTable items={station.items} caption={station.label} />
                {station.unchanged > 0 ? (
                  <Text size="sm" dimmed>
                    {t("venueBackup.result.unchanged", { count: station.unchanged })}
                  </Text>
                ) : null}
              </>
            )}
          </Stack>
        </Card>
      ))}
      {paging.total > paging.pageSize ? <PageNavigation {...paging} label={t("venueBackup.result.pages")} /> : null}
      <Card withBorder component="section" aria-labelledby="result-venue">
        <Stack gap="sm">
          <Title order={3} size="h4" id="result-venue">
            {t("venueBackup.restore.venueHeading")}
          </Title>
          <ItemsTable items={result.venue} caption={t("venueBackup.restore.venueHeading")} />
        </Stack>
      </Card>
      <Group gap="sm">
        <LinkButton to={`/settings/restore?backup=${result.backupId}`} variant="default">
          {t("venueBackup.result.previewAgain")}
        </LinkButton>{" "}
        <LinkButton to="/settings/restore" variant="default">
          {t("venueBackup.result.again")}
        </LinkButton>
      </Group>
    </Stack>
  );
}
