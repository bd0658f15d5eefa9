// Reads the audit log for the screen and the CSV. A durable store that does not answer within
// its bound gives the audit log's own 503 page: every other screen keeps working (issue 28, item 6).
import type { AuditLog } from "~/records/audit-log";
import { errorPage } from "~/error-pages.server";
import { getRuntime } from "~/runtime.server";

const answerWithinMs = 3000;

/** The audit log, or the "audit log unavailable" page when the console has none. */
export function auditLog(): AuditLog {
  const records = getRuntime().records;
  if (!records) throw errorPage("auditLogUnavailable");
  return records.auditLog;
}

/** The store's answer, or the "audit log unavailable" page when it fails or is slow. */
export async function withinBound<T>(read: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The durable store did not answer in time")), answerWithinMs);
  });
  try {
    return await Promise.race([read, late]);
  } catch {
    throw errorPage("auditLogUnavailable");
  } finally {
    clearTimeout(timer);
  }
}
