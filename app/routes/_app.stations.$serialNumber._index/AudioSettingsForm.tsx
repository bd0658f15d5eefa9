// Audio settings: mono/stereo, input connector (analog or digital SPDIF/AES), digital type,
// analog sensitivity with or without gain (and the maximum input level that gives), and latency
// (Optimised or Manual; a warning below 150 ms).
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, summaryFields } from "~/components/forms";
import {
  CheckboxField,
  EditableArea,
  NumberField,
  RadioField,
  SettingsCard,
  SubmitButton,
  useStationForm,
} from "~/components/stations/form-parts";
import { isLatencyRisky, latencyWarningBelowMs, maximumAnalogInputLevelDbu } from "~/domain/audio";
import { latencyRangeMs } from "~/domain/station-form-limits";
import type { FormConstraint } from "~/components/lazy-form";
import type { AudioEncoder } from "~/contract/station-parts";
import { audioForm } from "./forms";
import { Alert } from "~/components/ui/alert";
import { Stack } from "~/components/ui/stack";

export function AudioSettingsForm({
  encoder,
  constraint,
  monoOnly,
  reply,
  disabled,
}: {
  encoder: AudioEncoder;
  constraint: FormConstraint;
  monoOnly: boolean;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const [form, fields, formProps] = useStationForm({
    id: "audio-settings",
    form: audioForm,
    constraint,
    lastResult: reply,
    defaultValue: encoder,
  });
  const labels = {
    channelMode: t("audio.channelMode"),
    inputConnector: t("audio.inputConnector"),
    digitalInputType: t("audio.digitalInputType"),
    analogInputLevel: t("audio.analogInputLevel"),
    analogGain: t("audio.analogGain"),
    latencyMode: t("audio.latencyMode"),
    latencyMs: t("audio.latencyMs"),
  };
  const withGain = fields.analogGain.value === "on";
  const latencyMs = Number(fields.latencyMs.value);
  const latencyWarning =
    fields.latencyMode.value === "Manual" && Number.isFinite(latencyMs) && latencyMs > 0 && isLatencyRisky(latencyMs);
  return (
    <SettingsCard id="audio-settings-title" title={t("audio.title")}>
      <Form method="post" {...formProps} preventScrollReset>
        <ErrorSummary form={form} fields={summaryFields(fields, labels)} />
        <EditableArea disabled={disabled} legend={t("audio.title")}>
          <Stack gap="lg">
            <RadioField
              field={fields.channelMode}
              label={labels.channelMode}
              description={monoOnly ? t("audio.monoOnly") : undefined}
              choices={[
                { value: "Mono", label: t("audio.channelModes.Mono") },
                { value: "Stereo", label: t("audio.channelModes.Stereo"), disabled: monoOnly },
              ]}
            />
            <RadioField
              field={fields.inputConnector}
              label={labels.inputConnector}
              choices={[
                { value: "Analog", label: t("audio.inputConnectors.Analog") },
                { value: "Digital", label: t("audio.inputConnectors.Digital") },
              ]}
            />
            <RadioField
              field={fields.digitalInputType}
              label={labels.digitalInputType}
              description={t("audio.digitalInputTypeHint")}
              choices={(["Coaxial", "Optical", "AES"] as const).map((value) => ({
                value,
                label: t(`audio.digitalInputTypes.${value}`),
              }))}
            />
            <RadioField
              field={fields.analogInputLevel}
              label={labels.analogInputLevel}
              description={t("audio.analogInputLevelHint")}
              choices={(["Plus4dBu", "Minus10dBV", "LoGain"] as const).map((value) => ({
                value,
                label: t(`audio.analogInputLevels.${value}`),
              }))}
            />
            <CheckboxField
              field={fields.analogGain}
              label={labels.analogGain}
              description={t("audio.maximumInputLevel", { level: maximumAnalogInputLevelDbu(withGain) })}
            />
            <RadioField
              field={fields.latencyMode}
              label={labels.latencyMode}
              choices={[
                { value: "Optimised", label: t("audio.latencyModes.Optimised") },
                { value: "Manual", label: t("audio.latencyModes.Manual") },
              ]}
            />
            <NumberField
              field={fields.latencyMs}
              label={labels.latencyMs}
              description={t("audio.latencyMsHint", latencyRangeMs)}
              range={latencyRangeMs}
            />
            {latencyWarning ? (
              <Alert color="orange" title={t("audio.latencyWarningTitle")} role="status">
                {t("audio.latencyWarning", { milliseconds: latencyWarningBelowMs })}
              </Alert>
            ) : null}
            <div>
              <SubmitButton intent={audioForm.intent}>{t("audio.save")}</SubmitButton>
            </div>
          </Stack>
        </EditableArea>
      </Form>
    </SettingsCard>
  );
}
