// "Add a webhook": a name, its URL, and the secret each delivery is signed with.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createDestinationForm } from "~/alerts/forms";
import { ErrorSummary, summaryFields, textFieldProps, useFieldError } from "~/components/forms";
import { useLazyForm, type FormConstraint } from "~/components/lazy-form";
import { Button } from "~/components/ui/button";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";

export function DestinationForm({
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
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === createDestinationForm.intent;
  const [form, fields, formProps] = useLazyForm({
    id: "add-destination",
    form: createDestinationForm,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint,
  });
  const labels = {
    name: t("destinations.fields.name"),
    url: t("destinations.fields.url"),
    secret: t("destinations.fields.secret"),
  };
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="submissionId" value={submissionId} />
      <Stack gap="sm" maw={560}>
        <ErrorSummary form={form} fields={summaryFields(fields, labels)} />
        <TextInput
          {...textFieldProps(fields.name)}
          key={fields.name.key}
          label={labels.name}
          error={fieldError(fields.name)}
          autoComplete="off"
        />
        <TextInput
          {...textFieldProps(fields.url)}
          key={fields.url.key}
          type="url"
          label={labels.url}
          description={t("destinations.fields.urlHint")}
          error={fieldError(fields.url)}
          autoComplete="off"
        />
        <TextInput
          {...textFieldProps(fields.secret)}
          // A secret is never sent back to the page, not even after a refusal.
          defaultValue={undefined}
          key={fields.secret.key}
          type="password"
          label={labels.secret}
          description={t("destinations.fields.secretHint")}
          error={fieldError(fields.secret)}
          autoComplete="new-password"
        />
        <div>
          <Button type="submit" name="intent" value={createDestinationForm.intent} loading={submitting}>
            {t("destinations.submit")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
