// Table state in the query string: sort column, order, page, page size and search. Shared by
// the server (which applies it) and the DataTable component (which links to it).
export type SortOrder = "asc" | "desc";

export interface TableState<K extends string = string> {
  sort: K;
  order: SortOrder;
  /** 1-based. */
  page: number;
  pageSize: number;
  search: string;
}

export const tableParams = ["sort", "order", "page", "size", "q"] as const;
export const defaultPageSizes = [10, 25, 50, 100] as const;

export interface TableOptions<K extends string> {
  /** Names the remembered state (one per table). */
  table: string;
  sortKeys: readonly K[];
  defaultSort: K;
  defaultOrder?: SortOrder;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

export function parseTableState<K extends string>(search: URLSearchParams, options: TableOptions<K>): TableState<K> {
  const pageSizes = options.pageSizes ?? defaultPageSizes;
  const sort = search.get("sort");
  const order = search.get("order");
  const size = Number(search.get("size"));
  const page = Math.floor(Number(search.get("page")));
  return {
    sort: (options.sortKeys as readonly string[]).includes(sort ?? "") ? (sort as K) : options.defaultSort,
    order: order === "asc" || order === "desc" ? order : (options.defaultOrder ?? "asc"),
    pageSize: pageSizes.includes(size) ? size : (options.defaultPageSize ?? pageSizes[0]!),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    search: (search.get("q") ?? "").trim().slice(0, 200),
  };
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}
