// "Add an e-mail address": a name, the address, and the language its messages are written in.
// Without SMTP_URL the console cannot send e-mail: the form is replaced by why.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createEmailDestinationForm } from "~/alerts/forms";
import { ErrorSummary, summaryFields, textFieldProps, useFieldError } from "~/components/forms";
import { useLazyForm, type FormConstraint } from "~/components/lazy-form";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { TextInput } from "~/components/ui/text-input";
import { emailLanguages } from "~/domain/alert-rules";
import type { EmailLanguage } from "~/records/alerts";

export function EmailDestinationForm({
  emailOn,
  constraint,
  lastResult,
  submissionId,
  language,
}: {
  emailOn: boolean;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  submissionId: string;
  /** The reader's own language: the likeliest for the address they add. */
  language: EmailLanguage;
}) {
  const { t } = useTranslation("alerts");
  const fieldError = useFieldError();
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === createEmailDestinationForm.intent;
  const [form, fields, formProps] = useLazyForm({
    id: "add-email-destination",
    form: createEmailDestinationForm,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint,
    defaultValue: { name: "", email: "", language },
  });
  if (!emailOn) return <Text data-email-off>{t("destinations.email.off")}</Text>;
  const labels = {
    name: t("destinations.fields.name"),
    email: t("destinations.email.fields.email"),
    language: t("destinations.email.fields.language"),
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
          {...textFieldProps(fields.email)}
          key={fields.email.key}
          type="email"
          label={labels.email}
          description={t("destinations.email.fields.emailHint")}
          error={fieldError(fields.email)}
          autoComplete="off"
        />
        <NativeSelect
          id={fields.language.id}
          name={fields.language.name}
          key={fields.language.key}
          label={labels.language}
          defaultValue={typeof fields.language.initialValue === "string" ? fields.language.initialValue : language}
          error={fieldError(fields.language)}
          data={emailLanguages.map((option) => ({ value: option, label: t(`destinations.email.languages.${option}`) }))}
          w={240}
        />
        <div>
          <Button type="submit" name="intent" value={createEmailDestinationForm.intent} loading={submitting}>
            {t("destinations.email.submit")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
