// Footer: the backend version and the legal pages on the accounts site. The spaces between the
// links are for text browsers (a flex row ignores them).
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { useTranslation } from "react-i18next";

export interface FooterLinks {
  backendVersion: string;
  accountsUrl: string;
  documentationsUrl: string;
}

/** Pages of the accounts site (docs/decisions/005-console-shell.md). */
export function accountsPage(accountsUrl: string, page: "profile" | "imprint" | "terms-of-use" | "privacy") {
  return `${accountsUrl.replace(/\/+$/, "")}/${page}`;
}

export function Footer({ links }: { links: FooterLinks }) {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="space-between"
      mt="xl"
      pt="md"
      gap="xs"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Text size="sm" c="dimmed" data-testid="backend-version">
        {t("footer.version", { version: links.backendVersion })}
      </Text>
      <Group gap="md" component="nav" aria-label={t("footer.links")}>
        <Anchor size="sm" href={accountsPage(links.accountsUrl, "imprint")} target="_blank" rel="noreferrer">
          {t("footer.imprint")}
        </Anchor>{" "}
        <Anchor size="sm" href={accountsPage(links.accountsUrl, "terms-of-use")} target="_blank" rel="noreferrer">
          {t("footer.termsOfUse")}
        </Anchor>{" "}
        <Anchor size="sm" href={accountsPage(links.accountsUrl, "privacy")} target="_blank" rel="noreferrer">
          {t("footer.privacy")}
        </Anchor>
      </Group>
    </Group>
  );
}
