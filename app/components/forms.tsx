// Glue between conform and the kit's inputs, and the error summary every form shows at its top
// (GOV.UK pattern: each message links to its field). Schemas hold locale keys as messages, so
// one schema serves the server and the browser in any language; t() renders them here.
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useContext } from "react";
import { getI18n, I18nContext, useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Anchor } from "~/components/ui/anchor";
import { List } from "~/components/ui/list";
import { Text } from "~/components/ui/text";

type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Props for a text-like input bound to a conform field (uncontrolled). */
export function textFieldProps(field: AnyField) {
  return {
    id: field.id,
    name: field.name,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
    required: field.required,
  };
}

/**
 * The translated first error of a field, for a field's `error` prop. The i18n instance comes from
 * the context, not from `useTranslation`: a station page renders about thirty fields, each with
 * this hook, and react-i18next's hook does its own work on every call while a field has an error
 * only after a failed submission (bench/notes/plain-controls.md, "Buttons, icons and the firmware
 * tab"). The fields re-render with their form, whose `useTranslation` follows a language change.
 */
export function useFieldError() {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return (field: { errors?: string[] }) => (field.errors?.[0] ? i18n.t(field.errors[0]) : undefined);
}

export interface ErrorSummaryProps {
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "errors" | "allErrors" | "id">;
  /** Field name → its label and element id, in the order the form shows them. */
  fields: Array<{ name: string; label: string; id: string }>;
}

/** The summary's lines for the fields a form labels, in the labels' order: name, label, element id. */
export function summaryFields<Name extends string>(
  fields: Record<NoInfer<Name>, { name: string; id: string }>,
  labels: Record<Name, string>,
): ErrorSummaryProps["fields"] {
  return (Object.keys(labels) as Name[]).map((key) => ({
    name: fields[key].name,
    label: labels[key],
    id: fields[key].id,
  }));
}

/**
 * Shown when the last submission failed: the form-level message (e.g. "please try again") and
 * one linked line per invalid field. Focus-friendly: role=alert announces it.
 */
export function ErrorSummary({ form, fields }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const fieldErrors = fields
    .map((field) => ({ ...field, message: form.allErrors[field.name]?.[0] }))
    .filter((field): field is typeof field & { message: string } => Boolean(field.message));
  // A field the form does not list can refuse it too (a forged post, e.g. a checkbox sent with
  // another value than "on"): the general message then says so rather than nothing at all.
  const unlisted = Object.entries(form.allErrors).some(
    ([name, messages]) => name !== "" && Boolean(messages?.[0]) && !fields.some((field) => field.name === name),
  );
  const formErrors = form.errors?.length ? form.errors : unlisted ? ["errors.unexpectedError"] : [];
  if (fieldErrors.length === 0 && formErrors.length === 0) return null;
  return (
    <Alert color="red" role="alert" title={t("errors.formSummary")} mb="md" id={`${form.id}-summary`}>
      {formErrors.map((message) => (
        <Text key={message} data-testid="form-error">
          {t(message)}
        </Text>
      ))}
      {fieldErrors.length > 0 ? (
        <>
          <Text size="sm">{t("errors.formSummaryIntro")}</Text>
          <List size="sm">
            {fieldErrors.map((field) => (
              <li key={field.name}>
                <Anchor href={`#${field.id}`} inheritColor underline="always">
                  {field.label}: {t(field.message)}
                </Anchor>
              </li>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}
