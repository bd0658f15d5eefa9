// The restore preview: per backup station where it goes (a select: its own unit or a replacement),
// why it cannot be restored, or each setting that would change with its old and new value and a
// box to choose it; then the venue-wide settings. "Preview again" shows what a new mapping means;
// "Apply" sends the chosen changes. The document travels back in a hidden field.
import { Form, useNavigation } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { NativeSelect } from "~/components/ui/native-select";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import type { PreviewStation } from "~/venue-backup/preview.server";
import type { RestoreAnswer } from "~/venue-backup/restore-form.server";
import { ChangesTable } from "./ChangesTable";

type PreviewAnswer = Extract<RestoreAnswer, { stage: "preview" }>;

function StationPreview({ station, position }: { station: PreviewStation; position: number }) {
  const { t } = useTranslation("admin");
  const headingId = `restore-station-${position}`;
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
            {t(`venueBackup.restore.notRestorable.${station.reason}`)}
          </Text>
        ) : station.items.length === 0 ? (
          <Text size="sm" dimmed>
            {t("venueBackup.restore.nothingToChange")}
          </Text>
        ) : (
          <ChangesTable
            items={station.items}
            valueOf={(key) => `${station.backupSerialNumber}/${key}`}
            caption={t("venueBackup.restore.changesOf", { label: station.label })}
          />
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

/** Restorable onto their own unit with nothing to change: listed together, their mapping kept. */
const isQuiet = (station: PreviewStation) =>
  !station.reason &&
  station.items.length === 0 &&
  station.missingChannels.length === 0 &&
  station.targetSerialNumber === station.backupSerialNumber;

function QuietStations({ stations }: { stations: PreviewStation[] }) {
  const { t } = useTranslation("admin");
  if (stations.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="restore-quiet">
      <Stack gap="sm">
        <Title order={3} size="h4" id="restore-quiet">
          {t("venueBackup.restore.quietHeading", { count: stations.length })}
        </Title>
        <details>
          <summary>{t("venueBackup.restore.quietList")}</summary>
          <Text size="sm">
            {stations
              .map((station) =>
                t("venueBackup.restore.stationHeading", {
                  label: station.label,
                  serialNumber: station.backupSerialNumber,
                }),
              )
              .join(" · ")}
          </Text>
        </details>
        {stations.map((station) => (
          <Fragment key={station.backupSerialNumber}>
            <input type="hidden" name={`target:${station.backupSerialNumber}`} value={station.backupSerialNumber} />
            <input type="hidden" name={`previewed:${station.backupSerialNumber}`} value={station.backupSerialNumber} />
          </Fragment>
        ))}
      </Stack>
    </Card>
  );
}

export function RestorePreviewForm({ answer }: { answer: PreviewAnswer }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const { preview } = answer;
  const venueChanges = preview.venue.filter((entry) => entry.changes.length > 0);
  return (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="document" value={answer.document} />
      <input type="hidden" name="submissionId" value={answer.submissionId} />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t("venueBackup.restore.previewTitle")}
          </Title>
          <Text size="sm" data-testid="restore-summary">
            {t("venueBackup.restore.summary", {
              createdAt: preview.createdAt,
              changes: preview.counts.changes,
              notRestorable: preview.counts.notRestorable,
            })}
          </Text>
          {answer.mappingChanged ? (
            <Alert color="orange" role="status">
              {t("venueBackup.restore.mappingChanged")}
            </Alert>
          ) : null}
          {preview.holdsSecrets ? (
            <Alert color="orange" role="status">
              {t("venueBackup.restore.holdsSecrets")}
            </Alert>
          ) : null}
        </Stack>
        {preview.stations.map((station, position) =>
          isQuiet(station) ? null : (
            <StationPreview key={station.backupSerialNumber} station={station} position={position} />
          ),
        )}
        <QuietStations stations={preview.stations.filter(isQuiet)} />
        <Card withBorder component="section" aria-labelledby="restore-venue">
          <Stack gap="sm">
            <Title order={3} size="h4" id="restore-venue">
              {t("venueBackup.restore.venueHeading")}
            </Title>
            {venueChanges.length === 0 ? (
              <Text size="sm" dimmed>
                {t("venueBackup.restore.nothingToChange")}
              </Text>
            ) : (
              <ChangesTable
                items={venueChanges.map((entry) => ({ ...entry, kind: entry.key }))}
                valueOf={(key) => `venue/${key}`}
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
