// The station's facts (model, serial number, type, status, firmware, addresses) and the rename
// form (name required).
import { Form } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, textFieldProps, useFieldError } from "~/components/forms";
import { FactsTable, type Fact } from "~/components/stations/FactsTable";
import { EditableArea, SettingsCard, SubmitButton, useStationForm } from "~/components/stations/form-parts";
import { StationStateBadge } from "~/components/stations/StationStateBadge";
import type { FormConstraint } from "~/components/lazy-form";
import type { ComputedState, StationType } from "~/contract/enums";
import { renameForm } from "./forms";
import { Group } from "~/components/ui/group";
import { TextInput } from "~/components/ui/text-input";

export interface StationInfo {
  name: string | null;
  model: string;
  serialNumber: string;
  type: StationType;
  computedState: ComputedState;
  currentFirmwareVersion: string;
  latestFirmwareVersion: string | null;
  controlIp: string;
  streamingIp: string;
}

function RenameForm({
  name,
  constraint,
  reply,
  disabled,
}: {
  name: string;
  constraint: FormConstraint;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const fieldError = useFieldError();
  const [form, fields, formProps] = useStationForm({
    id: "rename-station",
    form: renameForm,
    constraint,
    lastResult: reply,
    defaultValue: { name },
  });
  const label = t("details.name");
  return (
    <Form method="post" {...formProps} preventScrollReset>
      <ErrorSummary form={form} fields={[{ name: fields.name.name, label, id: fields.name.id }]} />
      <EditableArea disabled={disabled} legend={label}>
        <Group align="flex-start" gap="sm">
          <TextInput
            {...textFieldProps(fields.name)}
            key={fields.name.key}
            label={label}
            error={fieldError(fields.name)}
            maxLength={64}
            w={320}
          />
          <SubmitButton intent={renameForm.intent} mt={25}>
            {t("details.rename")}
          </SubmitButton>
        </Group>
      </EditableArea>
    </Form>
  );
}

export function StationInfoCard({
  info,
  constraint,
  reply,
  canEdit,
}: {
  info: StationInfo;
  constraint: FormConstraint;
  reply?: SubmissionResult<string[]>;
  canEdit: boolean;
}) {
  const { t } = useTranslation("stations");
  const facts: Fact[] = [
    [t("details.model"), info.model],
    [t("details.serialNumber"), info.serialNumber],
    [t("details.type"), t(`types.${info.type}`)],
    [t("details.status"), <StationStateBadge key="status" state={info.computedState} />],
    [t("details.currentFirmware"), info.currentFirmwareVersion],
    [t("details.latestFirmware"), info.latestFirmwareVersion ?? t("details.unknownValue")],
    [t("details.controlIp"), info.controlIp || t("details.noAddress")],
    [t("details.streamingIp"), info.streamingIp || t("details.noAddress")],
  ];
  return (
    <SettingsCard id="station-info-title" title={t("details.infoTitle")}>
      <RenameForm
        key={info.name ?? ""}
        name={info.name ?? ""}
        constraint={constraint}
        reply={reply}
        disabled={!canEdit}
      />
      <FactsTable mt="md" caption={t("details.infoTitle")} facts={facts} />
    </SettingsCard>
  );
}
