// A status as a small badge coloured by what it means: the one styling of the station state and
// firmware status badges (as the spec writes them, not upper-cased; never shrunk in a row). A
// plain element with Mantine's Badge markup: it repeats in every row of long lists.
import type { ReactNode } from "react";
import { PlainBadge, type BadgeColor } from "~/components/plain";

export type StatusTone = "good" | "busy" | "attention" | "bad" | "neutral";

const tones: Record<StatusTone, BadgeColor> = {
  good: "green",
  busy: "violet",
  attention: "orange",
  bad: "red",
  neutral: "gray",
};

export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <PlainBadge color={tones[tone]}>{children}</PlainBadge>;
}
