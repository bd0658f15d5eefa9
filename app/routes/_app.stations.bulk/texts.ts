// Where the bulk pages lead back to: the list, with the choice.
export function stationsPath(selectionId: string | null) {
  return selectionId ? `/stations?selection=${selectionId}` : "/stations";
}
