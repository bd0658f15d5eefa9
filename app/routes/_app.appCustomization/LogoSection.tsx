// The logo: PNG only, at least 50 × 50, resized to 200 × 100 on the server. Without a custom
// logo the app shows its default one (and colours and onboarding wait for a logo).
import { useTranslation } from "react-i18next";
import { ImageInput } from "./ImageInput";
import { IntentButton } from "./IntentButton";
import { fieldId, fieldNames, type CustomizationIntent } from "./fields";
import { defaultLogoDataUrl } from "~/components/default-logo";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { Image } from "~/components/ui/image";

export interface LogoSectionProps {
  logo: string | null;
  error: string | null;
  disabled: boolean;
  onLogo(logo: string): void;
  onError(message: string | null): void;
  onIntent(intent: CustomizationIntent): void;
}

export function LogoSection({ logo, error, disabled, onLogo, onError, onIntent }: LogoSectionProps) {
  const { t } = useTranslation("admin");
  return (
    <Stack gap="sm" component="section" aria-labelledby="customization-logo-title">
      <Title order={2} size="h3" id="customization-logo-title">
        {t("views.appCustomization.logo.title")}
      </Title>
      <input type="hidden" name={fieldNames.logo} value={logo ?? ""} />
      <Group gap="md" align="center">
        <div className="logo-thumbnail" data-testid="logo-thumbnail">
          <Image
            src={logo ?? defaultLogoDataUrl}
            alt={logo ? t("views.appCustomization.logo.current") : t("views.appCustomization.logo.default")}
            w={200}
            h={100}
            fit="contain"
          />
        </div>
        <Stack gap={4}>
          <Text size="sm">
            {logo ? t("views.appCustomization.logo.customSet") : t("views.appCustomization.logo.noCustom")}
          </Text>
          <IntentButton intent={{ type: "resetLogo" }} onIntent={onIntent} disabled={disabled || !logo}>
            {t("views.appCustomization.logo.reset")}
          </IntentButton>
        </Stack>
      </Group>
      <ImageInput
        kind="logo"
        name={fieldNames.logoFile}
        id={fieldId(fieldNames.logo)}
        label={t("views.appCustomization.logo.file")}
        hint={t("views.appCustomization.logo.hint")}
        uploadLabel={t("views.appCustomization.logo.upload")}
        error={error}
        disabled={disabled}
        onUploaded={onLogo}
        onError={onError}
      />
    </Stack>
  );
}
