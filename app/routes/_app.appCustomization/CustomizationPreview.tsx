// The phone preview panel, open by default and folded away with a native disclosure (works
// without JavaScript). With JavaScript it shows the unsaved draft as it changes; without, the
// saved state.
import { useTranslation } from "react-i18next";
import { PhonePreview } from "~/components/PhonePreview";
import { previewColour, type CustomizationDraft } from "~/domain/app-customization";
import { defaultColours } from "~/domain/colours";
import { isEmptyScreen } from "~/domain/onboarding";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export function CustomizationPreview({ shown, live }: { shown: CustomizationDraft; live: boolean }) {
  const { t } = useTranslation("admin");
  const firstScreen = shown.onboardings.find((screen) => !isEmptyScreen(screen)) ?? null;
  return (
    <details open className="preview-panel" data-testid={live ? "draft-preview" : "saved-preview"}>
      <summary>
        <Title order={2} size="h3" component="span" className="preview-panel-title">
          {t("views.appCustomization.preview.title")}
        </Title>
      </summary>
      <Stack gap="sm" mt="sm">
        <Text size="sm" dimmed>
          {live ? t("views.appCustomization.preview.live") : t("views.appCustomization.preview.saved")}
        </Text>
        <PhonePreview
          logo={shown.logo}
          backgroundColor={previewColour(shown.backgroundColor, defaultColours.backgroundColor)}
          highlightColor={previewColour(shown.highlightColor, defaultColours.highlightColor)}
          fontColor={shown.fontColor}
          onboarding={firstScreen}
        />
      </Stack>
    </details>
  );
}
