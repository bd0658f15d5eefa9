// A status as a small badge coloured by what it means: the one styling of the station state and
// firmware status badges (as the spec writes them, not upper-cased; never shrunk in a row).
import type { ReactNode } from "react";
import { Badge, type BadgeColor } from "~/components/ui/badge";

export type StatusTone = "good" | "busy" | "attention" | "bad" | "neutral";

const tones: Record<StatusTone, BadgeColor> = {
  good: "green",
  busy: "violet",
  attention: "orange",
  bad: "red",
  neutral: "gray",
};

const noShrink = { flexShrink: 0 };

export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  const color = tones[tone];
  return (
    <Badge color={color} variant={color === "gray" ? "default" : "light"} radius="sm" tt="none" style={noShrink}>
      {children}
    </Badge>
  );
}
