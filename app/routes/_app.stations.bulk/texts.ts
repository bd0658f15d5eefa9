// What a skipped station's reason says: the station page's own sentence for a state that blocks
// it (stations:blocked.*), or the bulk action's for what only a fleet action says.
import type { SkipReason } from "~/domain/bulk-actions";

const bulkOwn = new Set<SkipReason>([
  "listeners",
  "alreadyCurrent",
  "noFirmware",
  "alreadyAuthorized",
  "notReady",
  "gone",
]);

export function skipReasonKey(reason: SkipReason) {
  return bulkOwn.has(reason) ? `stations:bulk.skip.${reason}` : `stations:blocked.${reason}`;
}

export function stationsPath(selectionId: string | null) {
  return selectionId ? `/stations?selection=${selectionId}` : "/stations";
}
