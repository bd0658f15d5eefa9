// A status as a small badge coloured by what it means: the one styling of the station state and
// firmware status badges (as the spec writes them, not upper-cased; never shrunk in a row).
import { Badge } from "#mantine/core/components/Badge/Badge.mjs";
import type { ReactNode } from "react";

export type StatusTone = "good" | "busy" | "attention" | "bad" | "neutral";

const tones: Record<StatusTone, { color: string; variant: "light" | "default" }> = {
  good: { color: "green", variant: "light" },
  busy: { color: "violet", variant: "light" },
  attention: { color: "orange", variant: "light" },
  bad: { color: "red", variant: "light" },
  neutral: { color: "gray", variant: "default" },
};

export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <Badge {...tones[tone]} radius="sm" style={{ textTransform: "none", flexShrink: 0 }}>
      {children}
    </Badge>
  );
}
