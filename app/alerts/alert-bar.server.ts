// The alert bar's data (issue 36, item 3): the open alerts, counted, the newest few in words, for
// users who may see alerts. Read on every page load of the shell, so it is bounded tighter than a
// screen's read: a database that is slow or down leaves the bar out, never the page. A count and
// three rows, never every open alert: on a night 500 stations stop, every page load still reads
// four rows' worth.
import type { SessionUser } from "~/auth/user";
import { can } from "~/domain/permissions";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import type { AlertBarData } from "./rows";
import { alertRow } from "./rows.server";

const answerWithinMs = 1000;
export const barShown = 3;

/**
 * `stations`: those whose alerts the user sees (a Moderator's, ./whose.server.ts); undefined: all.
 */
export async function alertBarOf(
  user: SessionUser,
  locale: string,
  stations: () => Promise<readonly string[] | undefined>,
): Promise<AlertBarData | null> {
  const alerts = getRuntime().records?.alerts;
  if (!alerts || !can(user, "alerts.show")) return null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const { rows, total } = await Promise.race([
      stations().then((seen) => alerts.alerts.list("open", { skip: 0, take: barShown }, seen)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("The open alerts did not come in time")), answerWithinMs);
      }),
    ]);
    return { count: total, first: rows.map((alert) => alertRow(alert, locale)) };
  } catch (error) {
    observability().warn("The alert bar was left out", { error: String(error) });
    return null;
  } finally {
    clearTimeout(timer);
  }
}
