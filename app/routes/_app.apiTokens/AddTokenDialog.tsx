// The Add Token dialog (URL state ?dialog=addToken): name, expiry preset or custom days, scopes.
// With JavaScript a preset fills in its days and typed days pick the matching preset.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { DialogFrame } from "./DialogFrame";
import { tokenParams } from "./token-params";
import { useLazyForm, type FormConstraint } from "~/components/lazy-form";
import { addTokenForm } from "./forms";
import { ErrorSummary, textFieldProps, useFieldError } from "~/components/forms";
import {
  defaultTokenExpiryPreset,
  expiryDaysFor,
  expiryPresetFor,
  isTokenExpiryPresetKey,
  tokenExpiryMaxDays,
  tokenExpiryMinDays,
  tokenExpiryPresetKeys,
  type TokenExpiryPresetKey,
} from "~/domain/tokens";
import { tokenNameMaxLength, tokenScopes } from "~/contract/values";
import { withSearchParams } from "~/utils/url";
import { Button, LinkButton } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field";
import { Fieldset } from "~/components/ui/fieldset";
import { Group } from "~/components/ui/group";
import { SimpleGrid } from "~/components/ui/layout";
import { NativeSelect } from "~/components/ui/native-select";
import { Stack } from "~/components/ui/stack";
import { TextInput } from "~/components/ui/text-input";

function initialPreset(value: unknown): TokenExpiryPresetKey {
  return isTokenExpiryPresetKey(value) ? value : defaultTokenExpiryPreset;
}

export function AddTokenDialog({
  submissionId,
  constraint,
  lastResult,
}: {
  /** Makes a repeated submission of this form create nothing more (once-per-submission.server). */
  submissionId: string;
  /** The form's constraints, from the loader (no zod needed to render). */
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("admin");
  const fieldError = useFieldError();
  const location = useLocation();
  const navigation = useNavigation();
  const closeHref = withSearchParams(location, { [tokenParams.dialog]: null });
  const [form, fields, formProps] = useLazyForm({
    id: "add-token",
    lastResult,
    // Checked on submit, then while typing: a message appearing on blur would move the submit
    // button away from under the pointer and swallow the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      expiryPreset: defaultTokenExpiryPreset,
      expiryInDays: String(expiryDaysFor(defaultTokenExpiryPreset, undefined)),
    },
    constraint,
    form: addTokenForm,
  });
  // Uncontrolled, so whatever is chosen before the page hydrates is kept; with JavaScript each
  // field sets the other directly.
  const presetInput = useRef<HTMLSelectElement>(null);
  const daysInput = useRef<HTMLInputElement>(null);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === addTokenForm.intent;
  const labels = {
    name: t("apiTokens.add.name"),
    expiryPreset: t("apiTokens.add.expiry"),
    expiryInDays: t("apiTokens.add.days"),
    scopes: t("apiTokens.add.scopes"),
  };
  const scopesError = fieldError(fields.scopes);

  return (
    <DialogFrame title={t("apiTokens.add.title")} closeHref={closeHref} maxWidth={560}>
      <Form method="post" {...formProps} preventScrollReset>
        <input type="hidden" name="submissionId" value={submissionId} />
        <ErrorSummary
          form={form}
          fields={(["name", "expiryPreset", "expiryInDays", "scopes"] as const).map((key) => ({
            name: fields[key].name,
            label: labels[key],
            id: fields[key].id,
          }))}
        />
        <Stack gap="md">
          <TextInput
            {...textFieldProps(fields.name)}
            key={fields.name.key}
            label={labels.name}
            description={t("apiTokens.add.nameHint", { max: tokenNameMaxLength })}
            error={fieldError(fields.name)}
            autoComplete="off"
            data-autofocus
          />
          <Group grow align="flex-start">
            <NativeSelect
              id={fields.expiryPreset.id}
              name={fields.expiryPreset.name}
              label={labels.expiryPreset}
              ref={presetInput}
              key={fields.expiryPreset.key}
              defaultValue={initialPreset(fields.expiryPreset.initialValue)}
              onChange={(event) => {
                const next = initialPreset(event.currentTarget.value);
                if (next !== "custom" && daysInput.current)
                  daysInput.current.value = String(expiryDaysFor(next, undefined));
              }}
              data={tokenExpiryPresetKeys.map((key) => ({ value: key, label: t(`apiTokens.presets.${key}`) }))}
              error={fieldError(fields.expiryPreset)}
            />
            <TextInput
              id={fields.expiryInDays.id}
              name={fields.expiryInDays.name}
              type="number"
              min={tokenExpiryMinDays}
              max={tokenExpiryMaxDays}
              step={1}
              inputMode="numeric"
              label={labels.expiryInDays}
              description={t("apiTokens.add.daysHint", { min: tokenExpiryMinDays, max: tokenExpiryMaxDays })}
              ref={daysInput}
              key={fields.expiryInDays.key}
              defaultValue={String(fields.expiryInDays.initialValue ?? "")}
              onChange={(event) => {
                const typed = event.currentTarget.value;
                if (typed !== "" && presetInput.current)
                  presetInput.current.value = initialPreset(expiryPresetFor(Number(typed)));
              }}
              error={fieldError(fields.expiryInDays)}
            />
          </Group>
          <Fieldset
            legend={labels.scopes}
            id={fields.scopes.id}
            aria-describedby={scopesError ? `${fields.scopes.id}-error` : undefined}
          >
            <input type="hidden" name={fields.scopes.name} value="" />
            <SimpleGrid colsFrom={{ xs: 2 }} spacing="xs">
              {tokenScopes.map((scope) => (
                <Checkbox
                  key={`${scope}-${fields.scopes.key}`}
                  name={fields.scopes.name}
                  value={scope}
                  defaultChecked={([] as unknown[]).concat(fields.scopes.initialValue ?? []).includes(scope)}
                  label={t(`apiTokens.scopeNames.${scope}`)}
                />
              ))}
            </SimpleGrid>
            {scopesError ? (
              <FieldError id={`${fields.scopes.id}-error`} mt="xs">
                {scopesError}
              </FieldError>
            ) : null}
          </Fieldset>
          <Group spaced justify="flex-end" gap="sm">
            <LinkButton to={closeHref} variant="default" preventScrollReset replace>
              {t("common:actions.cancel")}
            </LinkButton>
            <Button type="submit" name="intent" value={addTokenForm.intent} loading={submitting}>
              {t("apiTokens.add.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </DialogFrame>
  );
}
