// Where the bulk pages lead: back to the list with the choice, and to the bulk pages themselves.
import type { BulkAction, BulkOptions } from "~/domain/bulk-actions";

export function stationsPath(selectionId: string | null) {
  return selectionId ? `/stations?selection=${selectionId}` : "/stations";
}

/** A bulk page: the confirmation, one of its full lists (`list`), or a submission's result. */
export function bulkPath(
  action: BulkAction,
  selectionId: string | null,
  more: { options?: BulkOptions; list?: "act" | "skip"; resultId?: string } = {},
) {
  const search = new URLSearchParams({ action });
  if (selectionId) search.set("selection", selectionId);
  if (more.options?.includeListeners) search.set("listeners", "include");
  if (more.list) search.set("list", more.list);
  if (more.resultId) search.set("result", more.resultId);
  return `/stations/bulk?${search}`;
}
