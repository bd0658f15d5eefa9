// Which hubs a page listens to: route modules say so in their handle, e.g.
// `export const handle = { hubs: ["stationsHub"] satisfies HubName[] }`.
import type { HubName } from "~/contract/hubs";

export interface LiveHandle {
  hubs?: HubName[];
}

export function hubsOf(matches: Array<{ handle?: unknown }>): HubName[] {
  const hubs = new Set<HubName>();
  for (const match of matches) {
    for (const hub of (match.handle as LiveHandle | undefined)?.hubs ?? []) hubs.add(hub);
  }
  return [...hubs].sort();
}
