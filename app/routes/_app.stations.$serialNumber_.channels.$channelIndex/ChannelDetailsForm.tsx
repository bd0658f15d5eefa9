// Channel details: name (required), hidden, enabled, the audience mic with the output it is
// heard on (required while the mic is on), and the audio input (only valid left/right pairs).
// Saving asks first: the channel's listeners must rejoin (operations.md §4).
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, summaryFields, textFieldProps, useFieldError } from "~/components/forms";
import {
  CheckboxField,
  EditableArea,
  SelectField,
  SettingsCard,
  SubmitButton,
  useStationForm,
} from "~/components/stations/form-parts";
import { genericConnectorNumber } from "~/domain/audio";
import type { ChannelOptions } from "~/domain/channel-form-values";
import type { FormConstraint } from "~/components/lazy-form";
import { channelDetailsForm } from "./forms";
import { Checkbox } from "~/components/ui/checkbox";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";

export interface ChannelDetailsValues {
  name: string;
  isHidden: boolean;
  isEnabled: boolean;
  uplinkEnabled: boolean;
  uplinkOutput: string;
  input: string;
}

export function ChannelDetailsForm({
  values,
  options,
  constraint,
  audienceMicAvailable,
  reply,
  disabled,
}: {
  values: ChannelDetailsValues;
  options: ChannelOptions;
  constraint: FormConstraint;
  audienceMicAvailable: boolean;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const connectorName = (label: string, kind: "Input" | "Output") => {
    const number = genericConnectorNumber(label, kind);
    return number === null ? label : t(kind === "Input" ? "channel.inputName" : "channel.outputName", { number });
  };
  const fieldError = useFieldError();
  const [form, fields, formProps] = useStationForm({
    id: "channel-details",
    form: channelDetailsForm,
    schemaOptions: options,
    constraint,
    lastResult: reply,
    defaultValue: values,
  });
  const labels = {
    name: t("channel.name"),
    isHidden: t("channel.isHidden"),
    isEnabled: t("channel.isEnabled"),
    uplinkEnabled: t("channel.uplinkEnabled"),
    uplinkOutput: t("channel.uplinkOutput"),
    input: t("channel.input"),
  };
  return (
    <SettingsCard id="channel-details-title" title={t("channel.detailsTitle")}>
      <Form method="post" {...formProps} preventScrollReset>
        <ErrorSummary form={form} fields={summaryFields(fields, labels)} />
        <EditableArea disabled={disabled} legend={t("channel.detailsTitle")}>
          <Stack gap="md">
            <TextInput
              {...textFieldProps(fields.name)}
              key={fields.name.key}
              label={labels.name}
              error={fieldError(fields.name)}
              maxLength={64}
              maw={420}
            />
            <CheckboxField field={fields.isEnabled} label={labels.isEnabled} description={t("channel.isEnabledHint")} />
            <CheckboxField field={fields.isHidden} label={labels.isHidden} description={t("channel.isHiddenHint")} />
            <SelectField
              field={fields.input}
              label={labels.input}
              description={t("channel.inputHint")}
              choices={[
                ...(fields.input.initialValue ? [] : [{ value: "", label: t("channel.chooseInput") }]),
                ...options.inputOptions.map((choice) => ({
                  value: choice.value,
                  label: choice.rightLabel
                    ? t("channel.stereoInput", {
                        left: connectorName(choice.leftLabel, "Input"),
                        right: connectorName(choice.rightLabel, "Input"),
                      })
                    : t("channel.monoInput", { input: connectorName(choice.leftLabel, "Input") }),
                })),
              ]}
            />
            {audienceMicAvailable ? (
              <>
                <CheckboxField
                  field={fields.uplinkEnabled}
                  label={labels.uplinkEnabled}
                  description={t("channel.uplinkHint")}
                />
                <SelectField
                  field={fields.uplinkOutput}
                  label={labels.uplinkOutput}
                  description={t("channel.uplinkOutputHint")}
                  choices={[
                    { value: "", label: t("channel.noOutput") },
                    ...options.outputOptions.map((option) => ({
                      ...option,
                      label: connectorName(option.label, "Output"),
                    })),
                  ]}
                />
              </>
            ) : (
              <Checkbox disabled label={labels.uplinkEnabled} description={t("channel.uplinkUnavailable")} />
            )}
            <div>
              <SubmitButton intent={channelDetailsForm.intent}>{t("channel.save")}</SubmitButton>
            </div>
          </Stack>
        </EditableArea>
      </Form>
    </SettingsCard>
  );
}
