// The alerts page's read: the chosen alerts (open, resolved or all), newest first, a page at a time,
// and whether any rule exists (without one nothing can alert, and the page says so).
import type { AlertRow } from "~/alerts/rows";
import { alertRow } from "~/alerts/rows.server";
import type { AlertFilter, AlertStore } from "~/records/alerts";

export const alertsPageSize = 50;

export function filterOf(value: string | null): AlertFilter {
  return value === "resolved" || value === "all" ? value : "open";
}

export async function loadAlerts(
  store: AlertStore,
  {
    filter,
    page,
    locale,
    stations,
  }: { filter: AlertFilter; page: number; locale: string; stations: readonly string[] | undefined },
): Promise<{ rows: AlertRow[]; total: number; hasRules: boolean }> {
  const [listed, rules] = await Promise.all([
    store.alerts.list(filter, { skip: (page - 1) * alertsPageSize, take: alertsPageSize }, stations),
    store.rules.list(),
  ]);
  return { rows: listed.rows.map((alert) => alertRow(alert, locale)), total: listed.total, hasRules: rules.length > 0 };
}
