// The frame the four pages of alerts share: their links, the page's heading and its introduction,
// then its sections, each a titled region (in a card where it holds a form).
import type { ReactNode } from "react";
import { SectionLinks } from "~/components/alerts/SectionLinks";
import { Card } from "~/components/ui/card";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export function AlertsPage({
  current,
  heading,
  intro,
  links = true,
  children,
}: {
  current: Parameters<typeof SectionLinks>[0]["current"];
  heading: string;
  intro: string;
  /** The other pages' links: not for a Moderator, who may see only the list. */
  links?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        {links ? <SectionLinks current={current} /> : null}
        <Title order={1}>{heading}</Title>
        <Text dimmed size="sm">
          {intro}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

export function AlertsSection({
  id,
  title,
  card,
  children,
}: {
  id: string;
  title: string;
  card?: boolean;
  children: ReactNode;
}) {
  const section = (
    <section aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
  return card ? <Card withBorder>{section}</Card> : section;
}
