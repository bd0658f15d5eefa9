// "Add a rule": what it watches, its grace period, (for stations) which ones — none: all — and
// (for channels) whether only during the listener history's events.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createRuleForm } from "~/alerts/forms";
import { ErrorSummary, summaryFields, textFieldProps, useFieldError } from "~/components/forms";
import { useLazyForm, type FormConstraint } from "~/components/lazy-form";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";
import { CheckboxField } from "~/components/stations/form-parts";
import { alertRuleKinds, defaultGraceSeconds } from "~/domain/alert-rules";

export function RuleForm({
  constraint,
  lastResult,
  submissionId,
}: {
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  submissionId: string;
}) {
  const { t } = useTranslation("alerts");
  const fieldError = useFieldError();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === createRuleForm.intent;
  const [form, fields, formProps] = useLazyForm({
    id: "add-rule",
    form: createRuleForm,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint,
    defaultValue: { kind: "stationStopped", graceSeconds: String(defaultGraceSeconds), stations: "" },
  });
  const labels = {
    kind: t("rules.fields.kind"),
    graceSeconds: t("rules.fields.grace"),
    stations: t("rules.fields.stations"),
    duringEventsOnly: t("rules.fields.duringEventsOnly"),
  };
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="submissionId" value={submissionId} />
      <Stack gap="sm" maw={560}>
        <ErrorSummary form={form} fields={summaryFields(fields, labels)} />
        <NativeSelect
          id={fields.kind.id}
          name={fields.kind.name}
          key={fields.kind.key}
          label={labels.kind}
          defaultValue={typeof fields.kind.initialValue === "string" ? fields.kind.initialValue : "stationStopped"}
          error={fieldError(fields.kind)}
          data={alertRuleKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        <TextInput
          {...textFieldProps(fields.graceSeconds)}
          key={fields.graceSeconds.key}
          type="number"
          inputMode="numeric"
          min={0}
          max={86_400}
          label={labels.graceSeconds}
          description={t("rules.fields.graceHint")}
          error={fieldError(fields.graceSeconds)}
          w={200}
        />
        <TextInput
          {...textFieldProps(fields.stations)}
          key={fields.stations.key}
          required={false}
          label={labels.stations}
          description={t("rules.fields.stationsHint")}
          error={fieldError(fields.stations)}
          autoComplete="off"
        />
        <CheckboxField
          field={fields.duringEventsOnly}
          label={labels.duringEventsOnly}
          description={t("rules.fields.duringEventsOnlyHint")}
        />
        <div>
          <Button type="submit" name="intent" value={createRuleForm.intent} loading={submitting}>
            {t("rules.submit")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
