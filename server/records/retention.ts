// AUDIT_RETENTION_DAYS: the console removes older audit records itself, at most once a day across
// all instances. Every process checks at start and hourly; only the one that wins the day's claim
// in the durable store (DurableStore.retentionDue) does the work.
import type { DurableStore } from "../../app/records/durable-store";

const dayMs = 24 * 60 * 60 * 1000;
export const retentionCheckEveryMs = 60 * 60 * 1000;

export interface RetentionLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Removes the records older than `days` if today's run falls to this caller; null when it does not. */
export async function runRetention(store: DurableStore, days: number, now = new Date()): Promise<number | null> {
  if (!(await store.retentionDue(now))) return null;
  return store.auditLog.removeOlderThan(new Date(now.getTime() - days * dayMs));
}

/**
 * Checks now and every hour (an unref'd timer: it never keeps the process alive). A failure (the
 * database away) is logged and the next check tries again. `stop` ends the checks.
 */
export function scheduleRetention(
  store: DurableStore,
  days: number,
  logger: RetentionLogger,
  options: { everyMs?: number; now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  const check = () => {
    // One check at a time: a slow removal is not started again beside itself.
    running ??= runRetention(store, days, now())
      .then(
        (removed) => {
          if (removed !== null)
            logger.info({ removed, retentionDays: days }, "Removed audit records past their retention");
        },
        (error: unknown) =>
          logger.error({ err: error }, "Could not remove old audit records; trying again within the hour"),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = check();
  const timer = setInterval(check, options.everyMs ?? retentionCheckEveryMs);
  timer.unref();
  return {
    /** The check made at start, for a caller (a test) that waits for it. */
    firstCheck: first,
    stop() {
      clearInterval(timer);
    },
  };
}
