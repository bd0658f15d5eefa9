// The restore preview (`/settings/restore?backup=<id>`): the counts; per station of this page
// where it goes (a select: its own unit or a replacement), why it cannot be restored now, or each
// setting that would change with its old and new value and a box to choose it, a streaming-mode
// change saying what it resets; one page of the file's stations the venue does not know; then the
// venue-wide settings. Every button posts the page's choices (remembered with the kept file):
// another page, "Preview again" to see what a new mapping means, "Apply". The file itself stays
// on the server.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableScroll } from "~/components/ui/table";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { PageOf, PreviewStation, RestorePreview } from "~/venue-backup/preview.server";
import type { PreviewPage } from "~/venue-backup/restore-form.server";
import { notRestorableText } from "~/venue-backup/texts";
import { ChangesTable } from "./ChangesTable";

function StationPreview({
  station,
  headingId,
  unticked,
}: {
  station: PreviewStation;
  headingId: string;
  unticked: ReadonlySet<string>;
}) {
  const { t } = useTranslation("admin");
  const choices = station.choices.map((choice) => ({ value: choice.serialNumber, label: choice.label }));
  if (station.targetSerialNumber && !choices.some((choice) => choice.value === station.targetSerialNumber))
    choices.unshift({
      value: station.targetSerialNumber,
      label: t("venueBackup.restore.notFoundChoice", { serialNumber: station.targetSerialNumber }),
    });
  choices.push({ value: "", label: t("venueBackup.restore.doNotRestore") });
  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="restore-station">
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {t("venueBackup.restore.stationHeading", { label: station.label, serialNumber: station.backupSerialNumber })}
        </Title>
        <NativeSelect
          name={`target:${station.backupSerialNumber}`}
          label={t("venueBackup.restore.target")}
          data={choices}
          defaultValue={station.targetSerialNumber ?? ""}
          maw={420}
        />
        <input
          type="hidden"
          name={`previewed:${station.backupSerialNumber}`}
          value={station.targetSerialNumber ?? ""}
        />
        {station.reason ? (
          <Text size="sm" fw={600} data-testid="not-restorable">
            {notRestorableText(t, station)}
          </Text>
        ) : station.items.length === 0 ? (
          <Text size="sm" dimmed>
            {t("venueBackup.restore.nothingToChange")}
          </Text>
        ) : (
          <>
            {station.modeChange ? (
              <Alert color="orange" role="note" data-testid="mode-change">
                {t("venueBackup.restore.modeChange")}
              </Alert>
            ) : null}
            <ChangesTable
              items={station.items}
              valueOf={(key) => `${station.backupSerialNumber}/${key}`}
              unticked={unticked}
              caption={t("venueBackup.restore.changesOf", { label: station.label })}
            />
          </>
        )}
        {station.missingChannels.length > 0 ? (
          <Text size="sm" dimmed>
            {t("venueBackup.restore.missingChannels", { channels: station.missingChannels.join(", ") })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The file's stations the venue does not know, one row each: a unit to restore one onto. */
function MissingStations({ stations }: { stations: PreviewStation[] }) {
  const { t } = useTranslation("admin");
  return (
    <TableScroll minWidth={480}>
      <Table aria-label={t("venueBackup.restore.missingCaption")}>
        <thead>
          <tr>
            <th scope="col">{t("venueBackup.restore.columns.station")}</th>
            <th scope="col">{t("venueBackup.restore.target")}</th>
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => {
            const heading = t("venueBackup.restore.stationHeading", {
              label: station.label,
              serialNumber: station.backupSerialNumber,
            });
            return (
              <tr key={station.backupSerialNumber} data-testid="restore-missing-station">
                <td>{heading}</td>
                <td>
                  <NativeSelect
                    name={`target:${station.backupSerialNumber}`}
                    aria-label={t("venueBackup.restore.targetOf", { station: heading })}
                    data={[
                      {
                        value: station.backupSerialNumber,
                        label: t("venueBackup.restore.notFoundChoice", { serialNumber: station.backupSerialNumber }),
                      },
                      ...station.choices.map((choice) => ({ value: choice.serialNumber, label: choice.label })),
                    ]}
                    defaultValue={station.backupSerialNumber}
                  />
                  <input
                    type="hidden"
                    name={`previewed:${station.backupSerialNumber}`}
                    value={station.backupSerialNumber}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** Previous and next as buttons of the form: the page's choices are posted (and kept) on the way. */
function ChoicePager({ of, name, label }: { of: PageOf<PreviewStation>; name: "page" | "missing"; label: string }) {
  const { t } = useTranslation();
  if (of.pages <= 1) return null;
  const from = of.count === 0 ? 0 : (of.page - 1) * of.size + 1;
  const to = Math.min(of.count, of.page * of.size);
  const button = (target: number, text: string) => (
    <Button
      type="submit"
      name="intent"
      value={`show:${name}:${target}`}
      variant="default"
      size="xs"
      disabled={target < 1 || target > of.pages}
    >
      {text}
    </Button>
  );
  return (
    <Group gap="sm" component="nav" aria-label={label}>
      <Text size="sm">
        {t("dataTable.range", { from, to, total: of.count })} ·{" "}
        {t("dataTable.pageOf", { page: of.page, pages: of.pages })}
      </Text>{" "}
      {button(of.page - 1, t("dataTable.previous"))} {button(of.page + 1, t("dataTable.next"))}
    </Group>
  );
}

function Summary({ preview }: { preview: RestorePreview }) {
  const { t } = useTranslation("admin");
  const { counts } = preview;
  return (
    <Text size="sm" data-testid="restore-summary">
      {t("venueBackup.restore.summary", {
        createdAt: preview.createdAt,
        count: counts.inFile,
        changes: counts.changes,
        refused: counts.refused,
        quiet: counts.quiet,
        notRestorable: counts.notRestorable,
        missing: preview.missing.count,
      })}
    </Text>
  );
}

export function RestorePreviewForm({ answer }: { answer: PreviewPage }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const { preview } = answer;
  const unticked = new Set(preview.unticked);
  const venueShown = preview.venue.filter((entry) => entry.changes.length > 0 || entry.refusals);
  return (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="backup" value={preview.backupId} />
      <input type="hidden" name="digest" value={preview.digest} />
      <input type="hidden" name="submissionId" value={answer.submissionId} />
      <input type="hidden" name="page" value={preview.stations.page} />
      <input type="hidden" name="missing" value={preview.missing.page} />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t("venueBackup.restore.previewTitle")}
          </Title>
          <Summary preview={preview} />
          {answer.notice ? (
            <Alert color="orange" role="status">
              {t(`venueBackup.restore.${answer.notice}`)}
            </Alert>
          ) : null}
          {preview.holdsSecrets ? (
            <Alert color="orange" role="status">
              {t("venueBackup.restore.holdsSecrets")}
            </Alert>
          ) : null}
        </Stack>
        {preview.stations.entries.map((station, position) => (
          <StationPreview
            key={station.backupSerialNumber}
            station={station}
            headingId={`restore-station-${position}`}
            unticked={unticked}
          />
        ))}
        <ChoicePager of={preview.stations} name="page" label={t("venueBackup.restore.stationPages")} />
        {preview.counts.quiet > 0 ? (
          <Text size="sm" data-testid="restore-quiet">
            {t("venueBackup.restore.quiet", { count: preview.counts.quiet })}
          </Text>
        ) : null}
        {preview.missing.count > 0 ? (
          <Stack gap="sm" component="section" aria-labelledby="restore-missing">
            <Title order={3} size="h4" id="restore-missing">
              {t("venueBackup.restore.missingHeading", { count: preview.missing.count })}
            </Title>
            <Text size="sm">{t("venueBackup.restore.missingIntro")}</Text>
            <MissingStations stations={preview.missing.entries} />
            <ChoicePager of={preview.missing} name="missing" label={t("venueBackup.restore.missingPages")} />
          </Stack>
        ) : null}
        <Card withBorder component="section" aria-labelledby="restore-venue">
          <Stack gap="sm">
            <Title order={3} size="h4" id="restore-venue">
              {t("venueBackup.restore.venueHeading")}
            </Title>
            {venueShown.length === 0 ? (
              <Text size="sm" dimmed>
                {t("venueBackup.restore.nothingToChange")}
              </Text>
            ) : (
              <ChangesTable
                items={venueShown.map((entry) => ({ ...entry, kind: entry.key }))}
                valueOf={(key) => `venue/${key}`}
                unticked={unticked}
                caption={t("venueBackup.restore.venueHeading")}
              />
            )}
          </Stack>
        </Card>
        <Group gap="sm">
          <Button type="submit" name="intent" value="apply" disabled={isSubmitting}>
            {t("venueBackup.restore.apply")}
          </Button>{" "}
          <Button type="submit" name="intent" value="preview" variant="default" disabled={isSubmitting}>
            {t("venueBackup.restore.previewAgain")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
