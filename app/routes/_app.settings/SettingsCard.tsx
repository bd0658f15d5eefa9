// A card of the settings page: a labelled section with its heading.
import { Card } from "#mantine/core/components/Card/Card.mjs";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Title } from "#mantine/core/components/Title/Title.mjs";
import type { ReactNode } from "react";

export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
