// One onboarding screen: headline (≤ 60), text (≤ 130), picture, and its place in the list
// (move up, move down, delete) — each a submit button that edits the draft in the browser with
// JavaScript and in the action without.
import { IconArrowDown, IconArrowUp, IconTrash } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { ImageInput } from "./ImageInput";
import { fieldId, fieldNames, type CustomizationIntent } from "./fields";
import { IntentButton } from "./IntentButton";
import { headlineMaxLength, textMaxLength } from "~/domain/app-customization";
import type { OnboardingScreen } from "~/domain/onboarding";
import { Card } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { TextInput } from "~/components/ui/text-input";
import { Textarea } from "~/components/ui/textarea";
import { Title } from "~/components/ui/title";
import { Image } from "~/components/ui/image";

export interface OnboardingScreenFieldsProps {
  screen: OnboardingScreen;
  index: number;
  count: number;
  errors: Record<string, string>;
  disabled: boolean;
  onChange(change: Partial<Pick<OnboardingScreen, "headline" | "text" | "picture">>): void;
  onIntent(intent: CustomizationIntent): void;
  onFieldError(name: string, message: string | null): void;
}

export function OnboardingScreenFields({
  screen,
  index,
  count,
  errors,
  disabled,
  onChange,
  onIntent,
  onFieldError,
}: OnboardingScreenFieldsProps) {
  const { t } = useTranslation("admin");
  const number = index + 1;
  const names = {
    headline: fieldNames.headline(index),
    text: fieldNames.text(index),
    picture: fieldNames.picture(index),
  };
  const error = (name: string) => (errors[name] ? t(errors[name]!) : undefined);
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={`${fieldId(names.headline)}-title`}
      data-testid="onboarding-screen"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4" id={`${fieldId(names.headline)}-title`}>
            {t("views.appCustomization.onboarding.screen", { number })}
          </Title>
          <Group spaced gap="xs">
            <IntentButton
              intent={{ type: "moveScreen", index, offset: -1 }}
              onIntent={onIntent}
              disabled={disabled || index === 0}
              leftSection={<IconArrowUp size={16} aria-hidden="true" />}
              label={t("views.appCustomization.onboarding.moveUp", { number })}
            >
              {t("common:actions.moveUp")}
            </IntentButton>
            <IntentButton
              intent={{ type: "moveScreen", index, offset: 1 }}
              onIntent={onIntent}
              disabled={disabled || index === count - 1}
              leftSection={<IconArrowDown size={16} aria-hidden="true" />}
              label={t("views.appCustomization.onboarding.moveDown", { number })}
            >
              {t("common:actions.moveDown")}
            </IntentButton>
            <IntentButton
              intent={{ type: "deleteScreen", index }}
              onIntent={onIntent}
              disabled={disabled}
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              label={t("views.appCustomization.onboarding.delete", { number })}
            >
              {t("common:actions.delete")}
            </IntentButton>
          </Group>
        </Group>
        <TextInput
          id={fieldId(names.headline)}
          name={names.headline}
          label={t("views.appCustomization.onboarding.headline")}
          description={t("views.appCustomization.onboarding.count", {
            count: screen.headline.length,
            max: headlineMaxLength,
          })}
          value={screen.headline}
          onChange={(event) => onChange({ headline: event.currentTarget.value })}
          error={error(names.headline)}
        />
        <Textarea
          id={fieldId(names.text)}
          name={names.text}
          label={t("views.appCustomization.onboarding.text")}
          description={t("views.appCustomization.onboarding.count", { count: screen.text.length, max: textMaxLength })}
          value={screen.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          error={error(names.text)}
          autosize
          minRows={2}
        />
        <input type="hidden" name={names.picture} value={screen.picture ?? ""} />
        {screen.picture ? (
          <Group gap="sm" align="center">
            <Image
              src={screen.picture}
              alt={t("views.appCustomization.onboarding.currentPicture", { number })}
              w={96}
              h={96}
              fit="cover"
              radius="sm"
            />
            <IntentButton
              intent={{ type: "removePicture", index }}
              onIntent={onIntent}
              disabled={disabled}
              variant="light"
              color="red"
              label={t("views.appCustomization.onboarding.removePictureOf", { number })}
            >
              {t("views.appCustomization.onboarding.removePicture")}
            </IntentButton>
          </Group>
        ) : (
          <Text size="sm" dimmed>
            {t("views.appCustomization.onboarding.noPicture")}
          </Text>
        )}
        <ImageInput
          kind="picture"
          name={fieldNames.pictureFile(index)}
          id={fieldId(names.picture)}
          label={t("views.appCustomization.onboarding.picture", { number })}
          hint={t("views.appCustomization.errors.pictureHint")}
          uploadLabel={t("views.appCustomization.onboarding.uploadPicture", { number })}
          error={errors[names.picture] ?? null}
          disabled={disabled}
          onUploaded={(picture) => onChange({ picture })}
          onError={(message) => onFieldError(names.picture, message)}
        />
      </Stack>
    </Card>
  );
}
