// The audit log's paging: the table's size choices and how a page's URL names them.
import { parseTableState, type TableState } from "~/utils/table-state";

export const auditPageSizes = [25, 50, 100] as const;

/** Page and size from the URL; the log has one order, newest first. */
export function auditPageState(search: URLSearchParams): TableState<"time"> {
  return parseTableState(search, {
    table: "auditLog",
    sortKeys: ["time"],
    defaultSort: "time",
    defaultOrder: "desc",
    pageSizes: auditPageSizes,
    defaultPageSize: 50,
  });
}
