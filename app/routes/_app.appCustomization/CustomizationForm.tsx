// The app customization form (administration.md §2–§5): one multipart form. Without JavaScript
// each button is a round trip that edits the draft on the server; with JavaScript the same
// buttons edit it here, images upload on drop, the preview follows every change, and Save and
// Undo wait for a change.
import { Form, useNavigation } from "@remix-run/react";
import { IconArrowBackUp, IconDeviceFloppy, IconPlus, IconRestore } from "~/components/icons";
import { useMemo, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ColoursSection } from "./ColoursSection";
import { CustomizationPreview } from "./CustomizationPreview";
import { validationErrors } from "./draft-editing";
import { colourFields, fieldId, fieldNames, intentValue, type CustomizationIntent } from "./fields";
import { IntentButton } from "./IntentButton";
import { LogoSection } from "./LogoSection";
import { OnboardingScreenFields } from "./OnboardingScreenFields";
import { undoneState, useCustomizationDraft, type CustomizationReplyData } from "./use-customization-draft";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { ErrorSummary } from "~/components/forms";
import { UnsavedChangesGuard } from "~/components/UnsavedChangesGuard";
import { draftFrom, hasCustomLogo, isCustomizationChanged, type CustomizationDraft } from "~/domain/app-customization";
import { maxOnboardingScreens } from "~/domain/onboarding";
import type { WritableAppCustomization } from "~/contract/app-customization";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Column, Columns } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Switch } from "~/components/ui/switch";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export const customizationFormId = "app-customization";
export const resetConfirmName = "resetCustomization";

/** While the colours and screens wait for a logo their inputs are disabled; these carry their values. */
function CarriedFields({ draft }: { draft: CustomizationDraft }) {
  return (
    <>
      {colourFields.map((colour) => (
        <input key={colour} type="hidden" name={fieldNames.colour(colour)} value={draft[colour]} />
      ))}
      <input type="hidden" name={fieldNames.fontColor} value={draft.fontColor} />
      {draft.onboardings.map((screen, index) => (
        <span key={screen.id} hidden>
          <input type="hidden" name={fieldNames.headline(index)} value={screen.headline} />
          <input type="hidden" name={fieldNames.text(index)} value={screen.text} />
          <input type="hidden" name={fieldNames.picture(index)} value={screen.picture ?? ""} />
        </span>
      ))}
    </>
  );
}

export interface CustomizationFormProps {
  stored: WritableAppCustomization | null;
  result: CustomizationReplyData | undefined;
  canEdit: boolean;
}

export function CustomizationForm({ stored, result, canEdit }: CustomizationFormProps) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [{ draft, errors, formError }, dispatch] = useCustomizationDraft(stored, result);
  const changed = useMemo(() => isCustomizationChanged(draft, stored), [draft, stored]);
  const saved = useMemo(() => draftFrom(stored), [stored]);
  const hasLogo = hasCustomLogo(draft);
  const waitsForLogo = !canEdit || !hasLogo;
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intentValue({ type: "save" });

  function onIntent(intent: CustomizationIntent) {
    if (intent.type === "undo") dispatch({ type: "replace", state: undoneState(stored) });
    else dispatch({ type: "intent", intent });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Only Save is checked, as on the server: the file input's Upload button (shown with
    // JavaScript while the Dropzone's chunk loads or when it fails) posts an unfinished draft.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === "intent" && submitter.value !== intentValue({ type: "save" })) return;
    const found = validationErrors(draft);
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    dispatch({ type: "errors", errors: found });
  }

  const summaryFields = [
    { name: fieldNames.logo, label: t("views.appCustomization.logo.file") },
    ...colourFields.map((colour) => ({
      name: fieldNames.colour(colour),
      label: t(`views.appCustomization.colours.${colour}`),
    })),
    { name: fieldNames.fontColor, label: t("views.appCustomization.colours.fontColor") },
    ...draft.onboardings.flatMap((_, index) => [
      {
        name: fieldNames.headline(index),
        label: t("views.appCustomization.onboarding.headlineOf", { number: index + 1 }),
      },
      { name: fieldNames.text(index), label: t("views.appCustomization.onboarding.textOf", { number: index + 1 }) },
      { name: fieldNames.picture(index), label: t("views.appCustomization.onboarding.picture", { number: index + 1 }) },
    ]),
  ].map((field) => ({ ...field, id: fieldId(field.name) }));
  const summary = {
    id: customizationFormId,
    errors: formError ? [formError] : [],
    allErrors: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]])),
  };

  return (
    <Columns gutter="xl">
      <Column spanFromLg={7}>
        <Form
          method="post"
          encType="multipart/form-data"
          id={customizationFormId}
          noValidate
          preventScrollReset
          onSubmit={onSubmit}
        >
          <UnsavedChangesGuard when={hydrated && changed} />
          <ErrorSummary form={summary} fields={summaryFields} />
          <Stack gap="xl">
            <Group spaced gap="sm" className="customization-actions">
              <Button
                type="submit"
                name="intent"
                value={intentValue({ type: "save" })}
                loading={saving}
                disabled={!canEdit || (hydrated && !changed)}
                leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
              >
                {t("common:actions.save")}
              </Button>
              <IntentButton
                intent={{ type: "undo" }}
                onIntent={onIntent}
                disabled={!canEdit || (hydrated && !changed)}
                size="sm"
                leftSection={<IconArrowBackUp size={18} aria-hidden="true" />}
              >
                {t("common:actions.undo")}
              </IntentButton>
              {stored && canEdit ? (
                <ConfirmLink
                  name={resetConfirmName}
                  variant="light"
                  color="red"
                  leftSection={<IconRestore size={18} aria-hidden="true" />}
                >
                  {t("views.appCustomization.reset.open")}
                </ConfirmLink>
              ) : null}
            </Group>
            <Switch
              name={fieldNames.isActive}
              checked={draft.isActive}
              onChange={(event) => dispatch({ type: "change", change: { isActive: event.currentTarget.checked } })}
              label={t("views.appCustomization.active")}
              description={t("views.appCustomization.activeHint")}
              disabled={!canEdit}
            />
            <LogoSection
              logo={draft.logo}
              error={errors[fieldNames.logo] ?? null}
              disabled={!canEdit}
              onLogo={(logo) => dispatch({ type: "change", change: { logo } })}
              onError={(message) => dispatch({ type: "fieldError", name: fieldNames.logo, message })}
              onIntent={onIntent}
            />
            <input type="hidden" name={fieldNames.screenCount} value={draft.onboardings.length} />
            {waitsForLogo ? <CarriedFields draft={draft} /> : null}
            <fieldset disabled={waitsForLogo} className="plain-fieldset">
              <legend className="visually-hidden">{t("views.appCustomization.afterLogoLegend")}</legend>
              <Stack gap="xl">
                {hasLogo ? null : (
                  <Text size="sm" dimmed data-testid="logo-first">
                    {t("views.appCustomization.logoFirst")}
                  </Text>
                )}
                <ColoursSection
                  draft={draft}
                  errors={errors}
                  onChange={(change) => dispatch({ type: "change", change })}
                  onIntent={onIntent}
                />
                <Stack gap="sm" component="section" aria-labelledby="customization-onboarding-title">
                  <Title order={2} size="h3" id="customization-onboarding-title">
                    {t("views.appCustomization.onboarding.title")}
                  </Title>
                  <Text size="sm" dimmed>
                    {t("views.appCustomization.onboarding.hint", { max: maxOnboardingScreens })}
                  </Text>
                  {draft.onboardings.map((screen, index) => (
                    <OnboardingScreenFields
                      key={screen.id}
                      screen={screen}
                      index={index}
                      count={draft.onboardings.length}
                      errors={errors}
                      disabled={waitsForLogo}
                      onChange={(change) => dispatch({ type: "screen", index, change })}
                      onIntent={onIntent}
                      onFieldError={(name, message) => dispatch({ type: "fieldError", name, message })}
                    />
                  ))}
                  <div>
                    <IntentButton
                      intent={{ type: "addScreen" }}
                      onIntent={onIntent}
                      disabled={draft.onboardings.length >= maxOnboardingScreens}
                      leftSection={<IconPlus size={16} aria-hidden="true" />}
                    >
                      {t("views.appCustomization.onboarding.add")}
                    </IntentButton>
                  </div>
                </Stack>
              </Stack>
            </fieldset>
          </Stack>
        </Form>
      </Column>
      <Column spanFromLg={5}>
        <CustomizationPreview shown={hydrated ? draft : saved} live={hydrated} />
      </Column>
    </Columns>
  );
}
