// The alerts for a screen: the store, its reads bounded in time like the listening history's. A
// database that does not answer gives the alerts' 503 page; the alert bar on every other page is
// left out instead (alert-bar.server.ts).
import { errorPage } from "~/error-pages.server";
import { withinBound } from "~/listening/store.server";
import { observability } from "~/observability.server";
import type { AlertStore } from "~/records/alerts";
import { getRuntime } from "~/runtime.server";

export { withinBound };

export function alertStore(): AlertStore {
  const records = getRuntime().records;
  if (!records) throw errorPage("alertsUnavailable");
  return records.alerts;
}

/** The reads' answer, or the alerts' 503 page when the database fails or is slow. */
export async function readOrPage<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await withinBound(read());
  } catch (error) {
    if (error instanceof Response || (typeof error === "object" && error !== null && "init" in error)) throw error;
    observability().error(error, "The alerts could not be read");
    throw errorPage("alertsUnavailable");
  }
}
