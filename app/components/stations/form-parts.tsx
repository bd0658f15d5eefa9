// The pieces every station form is made of: conform set up the project's way, a card with a
// heading, radios and checkboxes bound to conform fields, a submit button that shows progress,
// and controls that say why they are disabled.
import type { DefaultValue, FieldMetadata, SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type * as z from "zod";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { textFieldProps, useFieldError } from "~/components/forms";
import { useLazyForm, type FormConstraint, type LazySchema } from "~/components/lazy-form";
import { useReportDirty } from "~/components/stations/dirty-forms";
import type { BlockedReason } from "~/domain/station-state";
import { Button, type ButtonLook } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { NativeSelect } from "~/components/ui/native-select";
import { RadioGroup } from "~/components/ui/radio-group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { TextInput } from "~/components/ui/text-input";

type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * conform with the schema on both sides: checked on blur, rechecked on input once shown. The
 * schema is imported on the first touch (useLazyForm); the constraints come from the loader.
 */
export function useStationForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
  Options = void,
>(options: {
  id: string;
  form: LazySchema<Schema, Options>;
  schemaOptions?: Options;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue: DefaultValue<z.input<Schema>>;
}) {
  const [form, fields, formProps] = useLazyForm({ ...options, shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  useReportDirty(options.id, form.dirty);
  return [form, fields, formProps] as const;
}

/** Whether a submission with this intent is on its way (buttons show progress meanwhile). */
export function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function SubmitButton({
  intent,
  children,
  ...props
}: { intent: string; children: ReactNode; "aria-describedby"?: string } & ButtonLook) {
  const submitting = useSubmitting(intent);
  return (
    <Button type="submit" name="intent" value={intent} loading={submitting} {...props}>
      {children}
    </Button>
  );
}

/** A station form's card: a section headed by its title (a station page shows eight). */
export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * A fieldset that disables every control in it, also without JavaScript. Its legend names the
 * group for assistive technology (the card's heading already shows it).
 */
export function EditableArea({
  disabled,
  legend,
  children,
}: {
  disabled: boolean;
  legend: string;
  children: ReactNode;
}) {
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend className="visually-hidden">{legend}</legend>
      {children}
    </fieldset>
  );
}

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
  description?: string;
}

export function RadioField({
  field,
  label,
  choices,
  description,
}: {
  field: AnyField;
  label: string;
  choices: Choice[];
  description?: ReactNode;
}) {
  const fieldError = useFieldError();
  return (
    <RadioGroup
      key={field.key}
      id={field.id}
      name={field.name}
      label={label}
      description={description}
      defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
      error={fieldError(field)}
      choices={choices}
    />
  );
}

export function CheckboxField({
  field,
  label,
  description,
}: {
  field: AnyField;
  label: string;
  description?: ReactNode;
}) {
  const fieldError = useFieldError();
  return (
    <Checkbox
      key={field.key}
      id={field.id}
      name={field.name}
      label={label}
      description={description}
      defaultChecked={field.initialValue === "on"}
      error={fieldError(field)}
    />
  );
}

/** A whole number in a range (a plain number input: Mantine's NumberInput needs JavaScript). */
export function NumberField({
  field,
  label,
  description,
  range,
}: {
  field: AnyField;
  label: string;
  description?: ReactNode;
  range: { min: number; max: number };
}) {
  const fieldError = useFieldError();
  return (
    <TextInput
      {...textFieldProps(field)}
      key={field.key}
      type="number"
      inputMode="numeric"
      min={range.min}
      max={range.max}
      step={1}
      label={label}
      description={description}
      error={fieldError(field)}
      w={220}
    />
  );
}

/** A native select (works without JavaScript) bound to a conform field. */
export function SelectField({
  field,
  label,
  description,
  choices,
}: {
  field: AnyField;
  label: string;
  description?: ReactNode;
  choices: Choice[];
}) {
  const fieldError = useFieldError();
  return (
    <NativeSelect
      key={field.key}
      id={field.id}
      name={field.name}
      label={label}
      description={description}
      defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
      error={fieldError(field)}
      data={choices}
      maw={420}
    />
  );
}

/** Why a control is disabled, next to it. */
export function BlockedReasonText({ reason, id }: { reason: BlockedReason; id: string }) {
  const { t } = useTranslation("stations");
  return (
    <Text size="sm" dimmed id={id}>
      {t(`blocked.${reason}`)}
    </Text>
  );
}

/** A button that opens a confirmation, or a disabled one with the reason. */
export function GuardedConfirmLink({
  name,
  blockedBy,
  children,
  ...buttonProps
}: { name: string; blockedBy: BlockedReason | null; children: ReactNode } & ButtonLook) {
  const reasonId = useId();
  if (!blockedBy) {
    return (
      <ConfirmLink name={name} {...buttonProps}>
        {children}
      </ConfirmLink>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button disabled aria-describedby={reasonId} {...buttonProps}>
        {children}
      </Button>
      <BlockedReasonText reason={blockedBy} id={reasonId} />
    </Stack>
  );
}
