// A card of the settings page: a labelled section with its heading.
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { Stack } from "~/components/ui/stack";
import { Title } from "~/components/ui/title";

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
