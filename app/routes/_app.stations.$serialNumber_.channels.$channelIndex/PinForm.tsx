// The channel PIN: exactly 6 digits, or no PIN. Saving asks first: listeners must rejoin.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, summaryFields } from "~/components/forms";
import { PinField } from "./PinField";
import {
  CheckboxField,
  EditableArea,
  SettingsCard,
  SubmitButton,
  useStationForm,
} from "~/components/stations/form-parts";
import type { FormConstraint } from "~/components/lazy-form";
import { useHydrated } from "~/utils/use-hydrated";
import { pinForm } from "./forms";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export function PinForm({
  pinCode,
  constraint,
  reply,
  disabled,
}: {
  pinCode: string | null;
  constraint: FormConstraint;
  reply?: SubmissionResult<string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation("stations");
  const hydrated = useHydrated();
  const [form, fields, formProps] = useStationForm({
    id: "channel-pin",
    form: pinForm,
    constraint,
    lastResult: reply,
    defaultValue: { pinEnabled: pinCode !== null, pin: pinCode ?? "" },
  });
  const label = t("pin.label");
  return (
    <SettingsCard id="channel-pin-title" title={t("pin.title")}>
      <Form method="post" {...formProps} preventScrollReset>
        <ErrorSummary form={form} fields={summaryFields(fields, { pin: label })} />
        <EditableArea disabled={disabled} legend={t("pin.title")}>
          <Stack gap="md">
            <Text size="sm">{pinCode ? t("pin.current", { pin: pinCode }) : t("pin.none")}</Text>
            <CheckboxField field={fields.pinEnabled} label={t("pin.enabled")} description={t("pin.enabledHint")} />
            <PinField field={fields.pin} label={label} disabled={hydrated && fields.pinEnabled.value !== "on"} />
            <div>
              <SubmitButton intent={pinForm.intent}>{t("pin.save")}</SubmitButton>
            </div>
          </Stack>
        </EditableArea>
      </Form>
    </SettingsCard>
  );
}
