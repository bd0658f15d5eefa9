// Footer: the backend version and the legal pages on the accounts site. The spaces between the
// links are for text browsers (a flex row ignores them).
import { Fragment, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Anchor } from "~/components/ui/anchor";
import { Group } from "~/components/ui/group";
import { Text } from "~/components/ui/text";

export interface FooterLinks {
  backendVersion: string;
  accountsUrl: string;
  documentationsUrl: string;
}

/** Pages of the accounts site (docs/decisions/005-console-shell.md). */
export function accountsPage(accountsUrl: string, page: "profile" | "imprint" | "terms-of-use" | "privacy") {
  return `${accountsUrl.replace(/\/+$/, "")}/${page}`;
}

const footerStyle: CSSProperties = { borderTop: "1px solid var(--mantine-color-default-border)" };

const legalPages = [
  { page: "imprint", label: "footer.imprint" },
  { page: "terms-of-use", label: "footer.termsOfUse" },
  { page: "privacy", label: "footer.privacy" },
] as const;

export function Footer({ links }: { links: FooterLinks }) {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" gap="xs" mt="xl" pt="md" style={footerStyle}>
      <Text size="sm" dimmed data-testid="backend-version">
        {t("footer.version", { version: links.backendVersion })}
      </Text>
      <Group component="nav" aria-label={t("footer.links")}>
        {legalPages.map(({ page, label }, index) => (
          <Fragment key={page}>
            {index > 0 ? " " : null}
            <Anchor size="sm" href={accountsPage(links.accountsUrl, page)} target="_blank" rel="noreferrer">
              {t(label)}
            </Anchor>
          </Fragment>
        ))}
      </Group>
    </Group>
  );
}
