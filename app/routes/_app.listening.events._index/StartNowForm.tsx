// "Start now": an event from this moment, named by its title alone, running until someone ends it
// on its report page — for a show that is starting while the admin stands in the hall.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, textFieldProps, useFieldError } from "~/components/forms";
import { useLazyForm, type FormConstraint } from "~/components/lazy-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";
import { Title } from "~/components/ui/title";
import { eventTitleMaxLength } from "~/domain/listening-event-limits";
import { startNowForm } from "~/listening/event-forms";

export function StartNowForm({
  constraint,
  lastResult,
  submissionId,
}: {
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  submissionId: string;
}) {
  const { t } = useTranslation("listening");
  const fieldError = useFieldError();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === startNowForm.intent;
  const [form, fields, formProps] = useLazyForm({
    id: "start-event-now",
    form: startNowForm,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint,
  });
  const label = t("events.startNow.title");
  return (
    <Card withBorder>
      <section aria-labelledby="start-now-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="start-now-title">
            {t("events.startNow.heading")}
          </Title>
          <Form method="post" {...formProps}>
            <input type="hidden" name="submissionId" value={submissionId} />
            <ErrorSummary form={form} fields={[{ name: fields.title.name, label, id: fields.title.id }]} />
            <Group gap="sm" align="flex-end">
              <TextInput
                {...textFieldProps(fields.title)}
                key={fields.title.key}
                label={label}
                description={t("events.startNow.hint", { max: eventTitleMaxLength })}
                error={fieldError(fields.title)}
                autoComplete="off"
                w={320}
              />
              <Button type="submit" name="intent" value={startNowForm.intent} loading={submitting}>
                {t("events.startNow.submit")}
              </Button>
            </Group>
          </Form>
        </Stack>
      </section>
    </Card>
  );
}
