// The noise gate (threshold in dB; a warning above −40 dB while the audience mic is in use)
// and the output settings (level and gain of the output the audience mic is heard on).
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary } from "~/components/forms";
import {
  EditableArea,
  NumberField,
  RadioField,
  SettingsCard,
  SubmitButton,
  useStationForm,
} from "~/components/stations/form-parts";
import { isNoiseGateRisky, noiseGateWarningAboveDb } from "~/domain/audio";
import { noiseGateRangeDb, outputGainRangeDb } from "~/domain/station-form-limits";
import type { FormConstraint } from "~/components/lazy-form";
import type { OutputSettings } from "~/contract/station-parts";
import { noiseGateForm, outputForm } from "./forms";
import { Alert } from "~/components/ui/alert";
import { Stack } from "~/components/ui/stack";

export function NoiseGateForm({
  thresholdDb,
  constraint,
  audienceMicInUse,
  reply,
  disabled,
}: {
  thresholdDb: number;
  constraint: FormConstraint;
  audienceMicInUse: boolean;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const [form, fields, formProps] = useStationForm({
    id: "noise-gate",
    form: noiseGateForm,
    constraint,
    lastResult: reply,
    defaultValue: { thresholdDb },
  });
  const label = t("noiseGate.threshold");
  const typed = Number(fields.thresholdDb.value);
  const warning =
    fields.thresholdDb.value !== undefined && Number.isFinite(typed) && isNoiseGateRisky(typed, audienceMicInUse);
  return (
    <SettingsCard id="noise-gate-title" title={t("noiseGate.title")}>
      <Form method="post" {...formProps} preventScrollReset>
        <ErrorSummary form={form} fields={[{ name: fields.thresholdDb.name, label, id: fields.thresholdDb.id }]} />
        <EditableArea disabled={disabled} legend={t("noiseGate.title")}>
          <Stack gap="md">
            <NumberField
              field={fields.thresholdDb}
              label={label}
              description={t("noiseGate.hint", noiseGateRangeDb)}
              range={noiseGateRangeDb}
            />
            {warning ? (
              <Alert color="orange" title={t("noiseGate.warningTitle")} role="status">
                {t("noiseGate.warning", { threshold: noiseGateWarningAboveDb })}
              </Alert>
            ) : null}
            <div>
              <SubmitButton intent={noiseGateForm.intent}>{t("noiseGate.save")}</SubmitButton>
            </div>
          </Stack>
        </EditableArea>
      </Form>
    </SettingsCard>
  );
}

export function OutputSettingsForm({
  output,
  constraint,
  reply,
  disabled,
}: {
  output: OutputSettings;
  constraint: FormConstraint;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const [form, fields, formProps] = useStationForm({
    id: "output-settings",
    form: outputForm,
    constraint,
    lastResult: reply,
    defaultValue: output,
  });
  const labels = { level: t("output.level"), gainDb: t("output.gain") };
  return (
    <SettingsCard id="output-settings-title" title={t("output.title")}>
      <Form method="post" {...formProps} preventScrollReset>
        <ErrorSummary
          form={form}
          fields={[
            { name: fields.level.name, label: labels.level, id: fields.level.id },
            { name: fields.gainDb.name, label: labels.gainDb, id: fields.gainDb.id },
          ]}
        />
        <EditableArea disabled={disabled} legend={t("output.title")}>
          <Stack gap="md">
            <RadioField
              field={fields.level}
              label={labels.level}
              description={t("output.hint")}
              choices={(["Plus4dBu", "Minus10dBV"] as const).map((value) => ({
                value,
                label: t(`output.levels.${value}`),
              }))}
            />
            <NumberField
              field={fields.gainDb}
              label={labels.gainDb}
              description={t("output.gainHint", outputGainRangeDb)}
              range={outputGainRangeDb}
            />
            <div>
              <SubmitButton intent={outputForm.intent}>{t("output.save")}</SubmitButton>
            </div>
          </Stack>
        </EditableArea>
      </Form>
    </SettingsCard>
  );
}
