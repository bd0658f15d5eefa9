// Footer: the backend version and the legal pages on the accounts site. The spaces between the
// links are for text browsers (a flex row ignores them).
// Plain elements with Mantine's markup (Group, Text, Anchor): the footer is on every page
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives).
import { Fragment, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { PlainAnchor, PlainGroup, PlainText } from "~/components/plain";

export interface FooterLinks {
  backendVersion: string;
  accountsUrl: string;
  documentationsUrl: string;
}

/** Pages of the accounts site (docs/decisions/005-console-shell.md). */
export function accountsPage(accountsUrl: string, page: "profile" | "imprint" | "terms-of-use" | "privacy") {
  return `${accountsUrl.replace(/\/+$/, "")}/${page}`;
}

// `<Group component="footer" mt="xl" pt="md" style={{ borderTop }}>`: the border, then the style props.
const footerStyle: CSSProperties = {
  borderTop: "1px solid var(--mantine-color-default-border)",
  marginTop: "var(--mantine-spacing-xl)",
  paddingTop: "var(--mantine-spacing-md)",
};

const legalPages = [
  { page: "imprint", label: "footer.imprint" },
  { page: "terms-of-use", label: "footer.termsOfUse" },
  { page: "privacy", label: "footer.privacy" },
] as const;

export function Footer({ links }: { links: FooterLinks }) {
  const { t } = useTranslation();
  return (
    <PlainGroup component="footer" justify="space-between" gap="xs" style={footerStyle}>
      <PlainText size="sm" dimmed data-testid="backend-version">
        {t("footer.version", { version: links.backendVersion })}
      </PlainText>
      <PlainGroup gap="md" component="nav" aria-label={t("footer.links")}>
        {legalPages.map(({ page, label }, index) => (
          <Fragment key={page}>
            {index > 0 ? " " : null}
            <PlainAnchor
              component="a"
              size="sm"
              href={accountsPage(links.accountsUrl, page)}
              target="_blank"
              rel="noreferrer"
            >
              {t(label)}
            </PlainAnchor>
          </Fragment>
        ))}
      </PlainGroup>
    </PlainGroup>
  );
}
