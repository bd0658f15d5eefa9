// The form that names an event or changes one: a title, when it starts, when it ends (empty: it
// runs until someone ends it), and — optionally — the stations or channels it is about (none: the
// whole venue). Times are the console's local ones. A plain POST form; with JavaScript its schema
// checks the fields once they are touched.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, textFieldProps, useFieldError } from "~/components/forms";
import type { FormConstraint, LazySchema } from "~/components/lazy-form";
import { useLazyForm } from "~/components/lazy-form";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";
import { eventTitleMaxLength } from "~/domain/listening-event-limits";
import type { eventFormSchema } from "~/domain/listening-events";

export interface ScopeStation {
  serialNumber: string;
  name: string;
  channels: { index: number; name: string }[];
}

/** More stations than this and the form asks for serial numbers in one field instead of a box each. */
export const mostScopeCheckboxes = 200;

export function EventForm({
  id,
  intent,
  form: declaration,
  constraint,
  lastResult,
  defaults,
  stations,
  submissionId,
  submitLabel,
  cancel,
}: {
  id: string;
  intent: string;
  form: LazySchema<typeof eventFormSchema, void>;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: { title: string; startsAt: string; endsAt: string; scope: string[] };
  stations: ScopeStation[];
  submissionId: string;
  submitLabel: string;
  cancel?: React.ReactNode;
}) {
  const { t } = useTranslation("listening");
  const fieldError = useFieldError();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields, formProps] = useLazyForm({
    id,
    form: declaration,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The chosen stations and channels are the checkboxes' own defaults (below).
    defaultValue: { title: defaults.title, startsAt: defaults.startsAt, endsAt: defaults.endsAt },
    constraint,
  });
  const labels = {
    title: t("events.form.title"),
    startsAt: t("events.form.startsAt"),
    endsAt: t("events.form.endsAt"),
    scope: t("events.form.scope"),
  };
  const chosen = new Set(
    ([] as unknown[])
      .concat(fields.scope.initialValue ?? defaults.scope)
      .filter((value): value is string => typeof value === "string"),
  );
  const scopeError = fieldError(fields.scope);
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="submissionId" value={submissionId} />
      <ErrorSummary
        form={form}
        fields={(["title", "startsAt", "endsAt", "scope"] as const).map((key) => ({
          name: fields[key].name,
          label: labels[key],
          id: fields[key].id,
        }))}
      />
      <Stack gap="md">
        <TextInput
          {...textFieldProps(fields.title)}
          key={fields.title.key}
          label={labels.title}
          description={t("events.form.titleHint", { max: eventTitleMaxLength })}
          error={fieldError(fields.title)}
          autoComplete="off"
        />
        <Group gap="md" align="flex-start">
          <TextInput
            {...textFieldProps(fields.startsAt)}
            key={fields.startsAt.key}
            type="datetime-local"
            label={labels.startsAt}
            error={fieldError(fields.startsAt)}
            w={240}
          />
          <TextInput
            {...textFieldProps(fields.endsAt)}
            key={fields.endsAt.key}
            type="datetime-local"
            label={labels.endsAt}
            description={t("events.form.endsAtHint")}
            error={fieldError(fields.endsAt)}
            w={240}
          />
        </Group>
        <details className="listening-scope" open={chosen.size > 0 || Boolean(scopeError) || undefined}>
          <summary>{t("events.form.scopeSummary")}</summary>{" "}
          {/* The space: w3m writes the summary and the legend on one line. */}
          <fieldset
            className="ui-fieldset"
            id={fields.scope.id}
            aria-describedby={scopeError ? `${fields.scope.id}-error` : undefined}
          >
            <legend>{labels.scope}</legend>
            <p className="listening-hint">{t("events.form.scopeHint")}</p>
            <input type="hidden" name={fields.scope.name} value="" />
            {stations.length > mostScopeCheckboxes ? (
              <TextInput
                name={fields.scope.name}
                label={t("events.form.scopeText")}
                description={t("events.form.scopeTextHint")}
                defaultValue={[...chosen].join(", ")}
                autoComplete="off"
              />
            ) : (
              <ul className="listening-scope-list">
                {stations.map((station) => (
                  <li key={station.serialNumber}>
                    <Checkbox
                      name={fields.scope.name}
                      value={station.serialNumber}
                      defaultChecked={chosen.has(station.serialNumber)}
                      label={t("events.form.scopeStation", {
                        station: station.name,
                        serialNumber: station.serialNumber,
                      })}
                    />
                    {station.channels.length > 1 ? (
                      <ul>
                        {station.channels.map((channel) => (
                          <li key={channel.index}>
                            <Checkbox
                              name={fields.scope.name}
                              value={`${station.serialNumber}/${channel.index}`}
                              defaultChecked={chosen.has(`${station.serialNumber}/${channel.index}`)}
                              label={t("events.form.scopeChannel", { channel: channel.name, index: channel.index })}
                            />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {scopeError ? (
              <FieldError id={`${fields.scope.id}-error`} mt="xs">
                {scopeError}
              </FieldError>
            ) : null}
          </fieldset>
        </details>
        <Group gap="sm">
          <Button type="submit" name="intent" value={intent} loading={submitting}>
            {submitLabel}
          </Button>
          {cancel}
        </Group>
      </Stack>
    </Form>
  );
}
