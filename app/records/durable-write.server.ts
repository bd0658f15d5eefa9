// The one way the app keeps a durable record: into the database, or — while it does not answer —
// into this process's spool, written to the database once it answers again (issue 39). The
// server opens the spool and its replay (server/records/spool/) and hands them over with the
// runtime; without them (some unit tests) nothing is kept.
import type { DurableRecord } from "~/records/durable-writes";
import { getRuntime } from "~/runtime.server";

/** Resolves once the record is in the database or in the spool; never rejects. */
export function durableWrite(record: DurableRecord): Promise<void> {
  return getRuntime().durableWrites?.write(record) ?? Promise.resolve();
}
