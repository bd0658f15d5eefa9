// The breadcrumb header of the backup and restore pages: they sit under Settings.
import { useTranslation } from "react-i18next";
import { LinkAnchor } from "~/components/ui/anchor";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export function VenueHeader({ heading }: { heading: string }) {
  const { t } = useTranslation("admin");
  return (
    <Stack gap={4} mb="lg">
      <nav aria-label={t("breadcrumb.label")}>
        <Breadcrumbs>
          <LinkAnchor to="/" size="sm">
            {t("breadcrumb.home")}
          </LinkAnchor>
          <LinkAnchor to="/settings" size="sm">
            {t("settings.heading")}
          </LinkAnchor>
          <Text size="sm" aria-current="page">
            {heading}
          </Text>
        </Breadcrumbs>
      </nav>
      <Title order={1}>{heading}</Title>
    </Stack>
  );
}
