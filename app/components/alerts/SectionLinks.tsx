// The four pages of alerts, linked from each: the list, the rules, the webhooks, the deliveries.
import { useTranslation } from "react-i18next";
import { LinkAnchor } from "~/components/ui/anchor";
import { Group } from "~/components/ui/group";

const sections = [
  { key: "alerts", to: "/alerts" },
  { key: "rules", to: "/alerts/rules" },
  { key: "destinations", to: "/alerts/destinations" },
  { key: "deliveries", to: "/alerts/deliveries" },
] as const;

export function SectionLinks({ current }: { current: (typeof sections)[number]["key"] }) {
  const { t } = useTranslation("alerts");
  return (
    <Group gap="md" component="nav" aria-label={t("sectionNav")}>
      {sections.map((section, index) => [
        // A space between the links: nothing in the flex row, a word break in a text browser.
        index > 0 ? " " : null,
        <LinkAnchor
          key={section.key}
          to={section.to}
          size="sm"
          aria-current={section.key === current ? "page" : undefined}
        >
          {section.key === current ? <strong>{t(`sections.${section.key}`)}</strong> : t(`sections.${section.key}`)}
        </LinkAnchor>,
      ])}
    </Group>
  );
}
