// One page of a long list, chosen by a query parameter (1-based; anything else is page 1, and a
// page past the end is the last): the server renders only that page.
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export function pageOf<T>(items: readonly T[], requested: string | null, pageSize: number): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const asked = Number(requested);
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  return { items: items.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: items.length };
}
