// Which hubs a page listens to: route modules say so in their handle, e.g.
// `export const handle = { hubs: ["stationsHub"] satisfies HubName[] }`.
import type { HubName } from "~/contract/hubs";

export interface LiveHandle {
  /** The hubs, or which ones for the page's data (a chart of a past range follows none). */
  hubs?: HubName[] | ((data: unknown) => HubName[]);
  /**
   * The least time between two revalidations the pushes cause, for a page whose loaders cost more
   * than a push is worth (a chart of a venue's listeners).
   */
  liveEveryMs?: number;
}

type Match = { handle?: unknown; data?: unknown };

export function hubsOf(matches: Array<Match>): HubName[] {
  const hubs = new Set<HubName>();
  for (const match of matches) {
    const wanted = (match.handle as LiveHandle | undefined)?.hubs;
    for (const hub of (typeof wanted === "function" ? wanted(match.data) : wanted) ?? []) hubs.add(hub);
  }
  return [...hubs].sort();
}

/** The longest `liveEveryMs` of the page's routes (0 when none asks). */
export function liveIntervalOf(matches: Array<Match>): number {
  return Math.max(0, ...matches.map((match) => (match.handle as LiveHandle | undefined)?.liveEveryMs ?? 0));
}
