// Starting a firmware update: a version (newest first, with release notes), the EULA accepted,
// and the warning that an update cannot be stopped and the station stays online until it
// reboots. Disabled with the reason while the station cannot update.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, useFieldError } from "~/components/forms";
import {
  BlockedReasonText,
  EditableArea,
  SettingsCard,
  SubmitButton,
  useStationForm,
} from "~/components/stations/form-parts";
import type { FirmwareChoice, FirmwareUpdateBlockedReason } from "~/domain/firmware";
import type { FormConstraint } from "~/components/lazy-form";
import { firmwareUpdateForm } from "./forms";
import { offeredFirmwareIds } from "./offered-firmware";
import { Alert } from "~/components/ui/alert";
import { Anchor } from "~/components/ui/anchor";
import { Checkbox } from "~/components/ui/checkbox";
import { Group } from "~/components/ui/group";
import { Radio, RadioGroupFrame } from "~/components/ui/radio-group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

const versionListStyle = { marginTop: "var(--mantine-spacing-xs)" };

export interface FirmwareChoiceView extends FirmwareChoice {
  releaseDateText: string;
}

export function FirmwareUpdateForm({
  choices,
  constraint,
  blockedBy,
  reply,
}: {
  choices: FirmwareChoiceView[];
  constraint: FormConstraint;
  blockedBy: FirmwareUpdateBlockedReason | null;
  reply?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("stations");
  const fieldError = useFieldError();
  const newest = choices.find((choice) => choice.isNewer);
  const [form, fields, formProps] = useStationForm({
    id: "firmware-update",
    form: firmwareUpdateForm,
    schemaOptions: offeredFirmwareIds(choices),
    constraint,
    lastResult: reply,
    defaultValue: { firmwareId: newest?.id },
  });
  const labels = { firmwareId: t("firmware.version"), eulaAccepted: t("firmware.eulaLabel") };
  const eulaUrl = choices[0]?.eulaUrl;
  const selected = typeof fields.firmwareId.initialValue === "string" ? fields.firmwareId.initialValue : undefined;
  return (
    <SettingsCard id="firmware-update-title" title={t("firmware.updateTitle")}>
      {choices.length === 0 ? (
        <Text>{t("firmware.noVersions")}</Text>
      ) : (
        <Form method="post" {...formProps} preventScrollReset>
          <ErrorSummary
            form={form}
            fields={[
              { name: fields.firmwareId.name, label: labels.firmwareId, id: fields.firmwareId.id },
              { name: fields.eulaAccepted.name, label: labels.eulaAccepted, id: fields.eulaAccepted.id },
            ]}
          />
          <EditableArea disabled={blockedBy !== null} legend={t("firmware.updateTitle")}>
            <Stack gap="md">
              <RadioGroupFrame
                key={fields.firmwareId.key}
                id={fields.firmwareId.id}
                name={fields.firmwareId.name}
                label={labels.firmwareId}
                description={t("firmware.versionHint")}
                defaultValue={selected}
                error={fieldError(fields.firmwareId)}
              >
                <Stack gap="sm" style={versionListStyle}>
                  {choices.map((choice) => (
                    <Group key={choice.id} gap="md" align="flex-start" wrap="nowrap">
                      <Radio
                        choice={{
                          value: choice.id,
                          disabled: choice.isInstalled,
                          label: t("firmware.versionLabel", { version: choice.version }),
                          description: t(
                            choice.isInstalled
                              ? "firmware.installed"
                              : choice.isNewer
                                ? "firmware.newer"
                                : "firmware.older",
                            { date: choice.releaseDateText },
                          ),
                        }}
                      />
                      <Anchor href={choice.releaseNotesUrl} target="_blank" rel="noreferrer" size="sm">
                        {t("firmware.releaseNotes", { version: choice.version })}
                        <span className="visually-hidden"> {t("common:personalMenu.opensInNewTab")}</span>
                      </Anchor>
                    </Group>
                  ))}
                </Stack>
              </RadioGroupFrame>
              <Checkbox
                key={fields.eulaAccepted.key}
                id={fields.eulaAccepted.id}
                name={fields.eulaAccepted.name}
                label={labels.eulaAccepted}
                description={
                  eulaUrl ? (
                    <Anchor href={eulaUrl} target="_blank" rel="noreferrer" size="sm">
                      {t("firmware.eulaLink")}
                      <span className="visually-hidden"> {t("common:personalMenu.opensInNewTab")}</span>
                    </Anchor>
                  ) : undefined
                }
                error={fieldError(fields.eulaAccepted)}
              />
              <Alert color="orange" title={t("firmware.cannotStopTitle")}>
                {t("firmware.cannotStop")}
              </Alert>
              <Stack gap={4} align="flex-start">
                <SubmitButton
                  intent={firmwareUpdateForm.intent}
                  aria-describedby={blockedBy ? "firmware-update-blocked" : undefined}
                >
                  {t("firmware.startUpdate")}
                </SubmitButton>
                {blockedBy ? <BlockedReasonText reason={blockedBy} id="firmware-update-blocked" /> : null}
              </Stack>
            </Stack>
          </EditableArea>
        </Form>
      )}
    </SettingsCard>
  );
}
