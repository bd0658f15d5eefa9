// The settings page's breadcrumb header: where the page sits, and its heading.
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Breadcrumbs } from "#mantine/core/components/Breadcrumbs/Breadcrumbs.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function SettingsHeader() {
  const { t } = useTranslation("admin");
  return (
    <Stack gap={4} mb="lg">
      <nav aria-label={t("breadcrumb.label")}>
        <Breadcrumbs separator="›">
          <Anchor component={Link} to="/" size="sm">
            {t("breadcrumb.home")}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t("breadcrumb.administration")}
          </Text>
          <Text size="sm" aria-current="page">
            {t("settings.heading")}
          </Text>
        </Breadcrumbs>
      </nav>
      <Title order={1}>{t("settings.heading")}</Title>
    </Stack>
  );
}
