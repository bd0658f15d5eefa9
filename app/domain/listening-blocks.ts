// The stored periods of a segment cut into blocks that keep their bounds as time moves on (issue
// 35, Measure; docs/decisions/070-listener-history.md): runs of 2^k periods aligned to the epoch, so
// "the last week" read a minute later is made of the same blocks but its two ends. A block of
// settled periods never changes, so its totals are added up once per process and kept.

export interface TotalsBlock {
  from: number;
  to: number;
  /** Long enough to keep; the short ones at the ends are read every time. */
  kept: boolean;
}

export interface BlockSizes {
  /** The shortest run kept, in periods (a power of two). */
  fewest: number;
  /** The longest run, in periods (a power of two). */
  most: number;
}

/**
 * Cuts [from, to), whole periods of `span`, into aligned runs: the longest that starts where the
 * last ended and fits, at most `most` periods. Neighbouring runs too short to keep are joined, so a
 * segment reads the database at most twice for its ends.
 */
export function totalsBlocks(from: number, to: number, span: number, sizes: BlockSizes): TotalsBlock[] {
  const blocks: TotalsBlock[] = [];
  for (let at = from; at < to;) {
    let periods = sizes.most;
    while (periods > 1 && (at % (span * periods) !== 0 || at + span * periods > to)) periods /= 2;
    const end = at + span * periods;
    const kept = periods >= sizes.fewest;
    const last = blocks.at(-1);
    if (!kept && last && !last.kept) last.to = end;
    else blocks.push({ from: at, to: end, kept });
    at = end;
  }
  return blocks;
}
