// What the restore did: the counts, then per station every setting as done, unchanged, skipped or
// failed (with the Manager's reason), the stations that could not be restored, and the venue's.
import { useTranslation } from "react-i18next";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { ItemStatus, ResultItem, RestoreResult } from "~/venue-backup/restore-result";
import { settingText } from "~/venue-backup/texts";

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

export function RestoreResultList({ result }: { result: RestoreResult }) {
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
                {t(`venueBackup.restore.notRestorable.${station.reason}`)}
              </Text>
            ) : (
              <ItemsTable items={station.items} caption={station.label} />
            )}
          </Stack>
        </Card>
      ))}
      <Card withBorder component="section" aria-labelledby="result-venue">
        <Stack gap="sm">
          <Title order={3} size="h4" id="result-venue">
            {t("venueBackup.restore.venueHeading")}
          </Title>
          <ItemsTable items={result.venue} caption={t("venueBackup.restore.venueHeading")} />
        </Stack>
      </Card>
      <div>
        <LinkButton to="/settings/restore" variant="default">
          {t("venueBackup.result.again")}
        </LinkButton>
      </div>
    </Stack>
  );
}
