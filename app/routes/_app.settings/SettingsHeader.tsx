// The settings page's breadcrumb header: where the page sits, and its heading.
import { useTranslation } from "react-i18next";
import { LinkAnchor } from "~/components/ui/anchor";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export function SettingsHeader() {
  const { t } = useTranslation("admin");
  return (
    <Stack gap={4} mb="lg">
      <nav aria-label={t("breadcrumb.label")}>
        <Breadcrumbs>
          <LinkAnchor to="/" size="sm">
            {t("breadcrumb.home")}
          </LinkAnchor>
          <Text size="sm" dimmed>
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
