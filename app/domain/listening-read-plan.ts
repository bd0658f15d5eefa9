// Which stored form of the history answers which part of a time range (issue 35): the sums per
// day, per quarter hour and per minute where they are complete, the samples themselves where they
// are kept, and nothing (not known) where none is — coarse first, so a year reads a few hundred
// rows per entity, not a million (docs/decisions/070-listener-history.md).
import { ceilTo, floorTo } from "~/domain/listening-series";

export interface HistoryTier {
  name: "day" | "quarter" | "minute" | "samples";
  /** The period length in ms; 0 for the samples (any moment). */
  span: number;
  /** What the tier holds: [from, until). */
  from: number;
  until: number;
}

export interface ReadSegment {
  /** Null: nothing is stored for this part. */
  tier: HistoryTier | null;
  from: number;
  to: number;
}

/**
 * Splits [from, to) between the tiers, coarsest first (`tiers` in that order): each tier takes the
 * largest part of the range it holds whole periods of, the finer ones the edges.
 */
export function planRead(from: number, to: number, tiers: readonly HistoryTier[]): ReadSegment[] {
  if (from >= to) return [];
  const [tier, ...finer] = tiers;
  if (!tier) return [{ tier: null, from, to }];
  const low =
    tier.span === 0 ? Math.max(from, tier.from) : Math.max(ceilTo(from, tier.span), ceilTo(tier.from, tier.span));
  const high =
    tier.span === 0 ? Math.min(to, tier.until) : Math.min(floorTo(to, tier.span), floorTo(tier.until, tier.span));
  if (low >= high) return planRead(from, to, finer);
  return [...planRead(from, low, finer), { tier, from: low, to: high }, ...planRead(high, to, finer)];
}
