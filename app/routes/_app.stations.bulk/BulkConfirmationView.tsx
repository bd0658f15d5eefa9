// The confirmation of a bulk action: exactly which stations it acts on (with each one's
// fingerprint to accept, or the firmware it goes from and to) and which it skips, and why; one
// form confirms them all. A plain page: it works without JavaScript, and a list of hundreds
// scrolls as a page does.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BulkAction, PlannedStation } from "~/domain/bulk-actions";
import { Alert } from "~/components/ui/alert";
import { Anchor } from "~/components/ui/anchor";
import { Button, LinkButton } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Code } from "~/components/ui/code";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { bulkIntent } from "./forms";
import { StationCell } from "./StationCell";
import { skipReasonKey, stationsPath } from "./texts";

export interface BulkConfirmationData {
  view: "confirm";
  action: BulkAction;
  selectionId: string | null;
  act: PlannedStation[];
  skip: PlannedStation[];
  gone: string[];
  /** Update firmware: the versions it installs, with their EULAs. */
  firmware: { version: string; eulaUrl: string }[];
  digest: string;
  submissionId: string;
}

const destructive = new Set<BulkAction>(["reject", "remove"]);

function ActTable({ action, stations }: { action: BulkAction; stations: PlannedStation[] }) {
  const { t } = useTranslation("stations");
  return (
    <TableScroll minWidth={400}>
      <Table aria-labelledby="bulk-act-title" verticalSpacing="xs">
        <thead>
          <tr>
            <th scope="col">{t("bulk.columns.station")}</th>
            {action === "accept" ? <th scope="col">{t("bulk.columns.fingerprint")}</th> : null}
            {action === "updateFirmware" ? <th scope="col">{t("bulk.columns.firmware")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => (
            <tr key={station.serialNumber}>
              <td>
                <StationCell serialNumber={station.serialNumber} name={station.name} />
              </td>
              {action === "accept" ? (
                <td>
                  <Code>{station.fingerprint}</Code>
                </td>
              ) : null}
              {action === "updateFirmware" ? (
                <td>{t("bulk.firmwareChange", { from: station.currentFirmwareVersion, to: station.targetVersion })}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

function SkipTable({ stations, gone }: { stations: PlannedStation[]; gone: string[] }) {
  const { t } = useTranslation("stations");
  return (
    <TableScroll minWidth={400}>
      <Table aria-labelledby="bulk-skip-title" verticalSpacing="xs">
        <thead>
          <tr>
            <th scope="col">{t("bulk.columns.station")}</th>
            <th scope="col">{t("bulk.columns.reason")}</th>
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => (
            <tr key={station.serialNumber}>
              <td>
                <StationCell serialNumber={station.serialNumber} name={station.name} />
              </td>
              <td>{station.skip ? t(skipReasonKey(station.skip)) : null}</td>
            </tr>
          ))}
          {gone.map((serialNumber) => (
            <tr key={serialNumber}>
              <td>{serialNumber}</td>
              <td>{t(skipReasonKey("gone"))}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

export function BulkConfirmationView({ data }: { data: BulkConfirmationData }) {
  const { t } = useTranslation("stations");
  const { t: tCommon } = useTranslation();
  const navigation = useNavigation();
  const { action, act, skip, gone } = data;
  const intent = bulkIntent[action];
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const back = stationsPath(data.selectionId);
  const skippedCount = skip.length + gone.length;
  if (act.length + skippedCount === 0) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t(`bulk.titles.${action}`)}</Title>
        <Alert title={t("bulk.noneChosenTitle")}>{t("bulk.noneChosen")}</Alert>
        <Group>
          <LinkButton to={back} variant="default">
            {t("bulk.backToList")}
          </LinkButton>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`bulk.titles.${action}`)}</Title>
      <section aria-labelledby="bulk-act-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="bulk-act-title">
            {t(`bulk.willAct.${action}`, { count: act.length })}
          </Title>
          {act.length > 0 ? <ActTable action={action} stations={act} /> : <Text>{t("bulk.nothingToDo")}</Text>}
        </Stack>
      </section>
      {skippedCount > 0 ? (
        <section aria-labelledby="bulk-skip-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="bulk-skip-title">
              {t("bulk.skippedTitle", { count: skippedCount })}
            </Title>
            <SkipTable stations={skip} gone={gone} />
          </Stack>
        </section>
      ) : null}
      <Form method="post">
        <input type="hidden" name="selection" value={data.selectionId ?? ""} />
        <input type="hidden" name="submissionId" value={data.submissionId} />
        <input type="hidden" name="digest" value={data.digest} />
        <Stack gap="md">
          {action === "updateFirmware" && act.length > 0 ? (
            <Stack gap="xs">
              <Checkbox name="eulaAccepted" required label={t("bulk.eulaAccepted")} />
              <Group gap="md">
                {data.firmware.map((firmware) => (
                  <Anchor key={firmware.version} href={firmware.eulaUrl} target="_blank" rel="noreferrer">
                    {t("bulk.eulaLink", { version: firmware.version })}
                  </Anchor>
                ))}
              </Group>
            </Stack>
          ) : null}
          <Group spaced gap="sm">
            <LinkButton to={back} variant="default">
              {tCommon("actions.cancel")}
            </LinkButton>
            <Button
              type="submit"
              name="intent"
              value={intent}
              color={destructive.has(action) ? "red" : undefined}
              loading={submitting}
              disabled={act.length === 0}
            >
              {t(`bulk.confirm.${action}`, { count: act.length })}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
