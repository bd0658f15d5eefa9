// Reads the audit log for the screen and the CSV. A durable store that does not answer within its
// bound gives the audit log's own 503 page: every other screen keeps working (issue 28, item 6) —
// unless records wait in the spool for it (issue 39): then the screen shows those, and says why.
import type { AuditLog, AuditUser } from "~/records/audit-log";
import { errorPage } from "~/error-pages.server";
import { getRuntime } from "~/runtime.server";

const answerWithinMs = 3000;

/** The audit log, or the "audit log unavailable" page when the console has none. */
export function auditLog(): AuditLog {
  const records = getRuntime().records;
  if (!records) throw errorPage("auditLogUnavailable");
  return records.auditLog;
}

/** The store's answer, or null when it fails or is slow. */
async function answerWithinBound<T>(read: Promise<T>): Promise<{ value: T } | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The durable store did not answer in time")), answerWithinMs);
  });
  try {
    return { value: await Promise.race([read, late]) };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The store's answer, or the "audit log unavailable" page when it fails or is slow. */
export async function withinBound<T>(read: Promise<T>): Promise<T> {
  const answer = await answerWithinBound(read);
  if (!answer) throw errorPage("auditLogUnavailable");
  return answer.value;
}

export interface AuditLogView {
  log: Pick<AuditLog, "query">;
  /** For the filter's selects. */
  users: AuditUser[];
  actions: string[];
  /** Audit records waiting in this host's spool: not in the log yet. */
  waiting: number;
  /** The database cannot be read: `log` holds only the records waiting in the spool. */
  fromSpool: boolean;
}

/**
 * Where the screen reads: the log, or — when the database cannot be read and records wait in the
 * spool — those records; with neither, the "audit log unavailable" page.
 */
export async function auditLogView(): Promise<AuditLogView> {
  const log = auditLog();
  const writes = getRuntime().durableWrites;
  const [waiting, users, actions] = await Promise.all([
    writes?.waitingAuditRecords() ?? 0,
    answerWithinBound(log.distinctUsers()),
    answerWithinBound(log.distinctActions()),
  ]);
  if (users && actions) return { log, users: users.value, actions: actions.value, waiting, fromSpool: false };
  if (!writes || waiting === 0) throw errorPage("auditLogUnavailable");
  const spooled = writes.spooledAuditLog();
  const [spooledUsers, spooledActions] = await Promise.all([spooled.distinctUsers(), spooled.distinctActions()]);
  return { log: spooled, users: spooledUsers, actions: spooledActions, waiting, fromSpool: true };
}
