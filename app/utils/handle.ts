import type { HubName } from "~/contract/hubs";
import type { PageTitleKey } from "~/utils/meta";

/** What a route module may say about itself in `export const handle`. */
export interface ScreenHandle {
  /** The header title, common:titles.<key>. */
  titleKey?: PageTitleKey;
  /** Hubs whose pushes revalidate this page (JavaScript only), or which ones for its data. */
  hubs?: HubName[] | ((data: unknown) => HubName[]);
  /** The least time between two revalidations pushes cause on this page (app/live/hubs.ts). */
  liveEveryMs?: number;
}
