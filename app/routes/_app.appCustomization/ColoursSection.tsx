// The app's colours: background and highlight (picker and hex field each), the font colour, a
// warning when the font colour is hard to read on the background, and reset to the defaults.
import { useTranslation } from "react-i18next";
import { ColourField } from "./ColourField";
import type { CustomizationErrors } from "./draft-editing";
import { colourFields, fieldId, fieldNames, type CustomizationIntent } from "./fields";
import { IntentButton } from "./IntentButton";
import type { CustomizationDraft } from "~/domain/app-customization";
import { hasLowContrast } from "~/domain/colours";
import { Alert } from "~/components/ui/alert";
import { Group } from "~/components/ui/group";
import { Radio, RadioGroupFrame } from "~/components/ui/radio-group";
import { Stack } from "~/components/ui/stack";
import { Title } from "~/components/ui/title";

export interface ColoursSectionProps {
  draft: CustomizationDraft;
  errors: CustomizationErrors;
  onChange(change: Partial<Pick<CustomizationDraft, "backgroundColor" | "highlightColor" | "fontColor">>): void;
  onIntent(intent: CustomizationIntent): void;
}

export function ColoursSection({ draft, errors, onChange, onIntent }: ColoursSectionProps) {
  const { t } = useTranslation("admin");
  const fontColorError = errors[fieldNames.fontColor];
  return (
    <Stack gap="sm" component="section" aria-labelledby="customization-colours-title">
      <Title order={2} size="h3" id="customization-colours-title">
        {t("views.appCustomization.colours.title")}
      </Title>
      {colourFields.map((colour) => (
        <ColourField
          key={colour}
          colour={colour}
          value={draft[colour]}
          label={t(`views.appCustomization.colours.${colour}`)}
          error={errors[fieldNames.colour(colour)] ?? null}
          onChange={(value) => onChange({ [colour]: value })}
        />
      ))}
      <RadioGroupFrame
        id={fieldId(fieldNames.fontColor)}
        name={fieldNames.fontColor}
        label={t("views.appCustomization.colours.fontColor")}
        value={draft.fontColor}
        error={fontColorError ? t(fontColorError) : undefined}
        onChange={(value) => onChange({ fontColor: value === "dark" ? "dark" : "light" })}
      >
        <Group gap="lg" mt={6}>
          <Radio choice={{ value: "light", label: t("views.appCustomization.colours.light") }} />
          <Radio choice={{ value: "dark", label: t("views.appCustomization.colours.dark") }} />
        </Group>
      </RadioGroupFrame>
      {hasLowContrast(draft.backgroundColor, draft.fontColor) ? (
        <Alert
          color="orange"
          variant="light"
          role="status"
          title={t("views.appCustomization.colours.lowContrastTitle")}
        >
          {t("views.appCustomization.colours.lowContrast")}
        </Alert>
      ) : null}
      <div>
        <IntentButton intent={{ type: "resetColours" }} onIntent={onIntent}>
          {t("views.appCustomization.colours.reset")}
        </IntentButton>
      </div>
    </Stack>
  );
}
