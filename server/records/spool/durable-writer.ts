// How a durable record is kept (issue 39): stored in the database within `firstTryMs`, else
// appended to this process's spool — and, while records wait there, spooled straight away, so they
// reach the database in the order written and the user's answer waits for neither. One replay per
// process writes the spool back as soon as the database answers, oldest first, and takes over the
// spools of processes that ended (docs/decisions/066-records-spool.md).
import type { DurableStore } from "../../../app/records/durable-store";
import type { DurableRecord, DurableWrites, SpooledRecord } from "../../../app/records/durable-writes";
import { isRefusal, spooledRecordOf, storeRecord } from "./kinds";
import type { RecordsSpool } from "./records-spool";
import { countWaitingAuditRecords, spooledAuditLog } from "./spooled-audit";

/** What the writer tells the logs and metrics. */
export interface DurableWriterReport {
  /** A record went to the spool; `outageBegins` for the first one after the database last answered. */
  spooled(record: SpooledRecord, outageBegins: boolean, error: unknown): void;
  /** A spooled record reached the database. */
  replayed(record: SpooledRecord): void;
  /** The spool is empty again after `count` records were written from it. */
  drained(count: number): void;
  /** Records of ended processes taken over. */
  adopted(count: number): void;
  /** The database refused the record, or neither it nor the spool took it: it is in the log, in full, only. */
  lost(record: DurableRecord, error: unknown): void;
  /** The replay itself failed (a file it cannot read): it tries again. */
  failed(error: unknown, message: string): void;
}

export interface DurableWriterOptions {
  records: DurableStore;
  spool: RecordsSpool;
  report: DurableWriterReport;
  /** How long a write may wait for the database before it goes to the spool (default 1 s). */
  firstTryMs?: number;
  /** The longest wait between tries while the database does not answer (default 5 s; 0.5 s first, then doubled). */
  retryAtMostEveryMs?: number;
  /** How often to look for ended processes' spools (default 5 s). */
  adoptEveryMs?: number;
  /** Tries of a record the database refuses (isRefusal), before it is given up (default 3). */
  refusalsToGiveUp?: number;
  now?: () => Date;
}

export interface DurableWriter extends DurableWrites {
  /** Starts the replay (and takes over ended processes' spools at once). */
  start(): void;
  /** Ends the replay, lets a write in flight finish and closes the spool. */
  stop(): Promise<void>;
}

/** The promise's outcome, or "late" once `ms` have passed (the promise goes on; its outcome is ignored). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | "late"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(resolve, ms, "late");
    timer.unref();
  });
  // A late write that fails later must not be an unhandled rejection; one that succeeds later is
  // harmless: the replay's second write of the same key changes nothing.
  promise.catch(() => undefined);
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function createDurableWriter(options: DurableWriterOptions): DurableWriter {
  const { records, spool, report } = options;
  const firstTryMs = options.firstTryMs ?? 1000;
  const retryAtMostEveryMs = options.retryAtMostEveryMs ?? 5000;
  const adoptEveryMs = options.adoptEveryMs ?? 5000;
  const refusalsToGiveUp = options.refusalsToGiveUp ?? 3;
  const now = options.now ?? (() => new Date());

  let stopped = true;
  let replay: Promise<void> = Promise.resolve();
  /** Ends the replay's wait for records (not its wait for the database). */
  let wake: (() => void) | null = null;
  /** Ends any wait of the replay (stop). */
  let stopWaiting: (() => void) | null = null;
  /** Whether a record went to the spool since the database last took one. */
  let inOutage = false;
  let writesInFlight = 0;
  let allWritten: (() => void) | null = null;

  function pause(ms: number, { wakeOnRecord }: { wakeOnRecord: boolean }) {
    if (stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      if (wakeOnRecord) wake = done;
      stopWaiting = done;
      function done() {
        stopWaiting = null;
        clearTimeout(timer);
        wake = null;
        resolve();
      }
    });
  }

  async function keep(record: DurableRecord) {
    const spooled = spooledRecordOf(record, now());
    let failure: unknown = null;
    if (spool.state().length === 0) {
      try {
        const stored = await within(storeRecord(records, spooled), firstTryMs);
        if (stored !== "late") return;
        failure = new Error(`The durable store took longer than ${firstTryMs} ms`);
      } catch (error) {
        // Refused, it would be refused again from the spool: given up now, logged in full.
        if (isRefusal(error)) return report.lost(spooled, error);
        failure = error;
      }
    }
    try {
      await spool.append(spooled);
    } catch (error) {
      report.lost(spooled, error);
      return;
    }
    report.spooled(spooled, failure !== null && !inOutage, failure);
    if (failure !== null) inOutage = true;
    wake?.();
  }

  /** Stores the oldest waiting record; what happened, so the loop knows whether to wait. */
  async function replayOne(refusals: Map<string, number>): Promise<"stored" | "empty" | "waiting"> {
    const record = await spool.peek();
    if (!record) return "empty";
    try {
      await storeRecord(records, record);
    } catch (error) {
      // The database answers but refuses this record: a few tries, then it is given up, logged in full.
      if (!isRefusal(error)) return "waiting";
      const tries = (refusals.get(record.key) ?? 0) + 1;
      refusals.set(record.key, tries);
      if (tries < refusalsToGiveUp) return "waiting";
      refusals.delete(record.key);
      await spool.drop(record, { record, err: error });
      return "stored";
    }
    await spool.shift(record);
    report.replayed(record);
    return "stored";
  }

  async function run() {
    const refusals = new Map<string, number>();
    let lastAdoption = -Infinity;
    let written = 0;
    let retryMs = 500;
    while (!stopped) {
      try {
        if (Date.now() - lastAdoption >= adoptEveryMs) {
          lastAdoption = Date.now();
          const adopted = await spool.adoptOrphans();
          if (adopted > 0) report.adopted(adopted);
        }
        const outcome = await replayOne(refusals);
        if (outcome === "stored") {
          written += 1;
          retryMs = 500;
          continue;
        }
        if (outcome === "empty") {
          if (written > 0) report.drained(written);
          written = 0;
          inOutage = false;
          await pause(adoptEveryMs, { wakeOnRecord: true });
          continue;
        }
        await pause(retryMs, { wakeOnRecord: false });
        retryMs = Math.min(retryMs * 2, retryAtMostEveryMs);
      } catch (error) {
        report.failed(error, "The records spool's replay failed; it tries again");
        await pause(retryAtMostEveryMs, { wakeOnRecord: false });
      }
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      replay = run();
    },

    async write(record) {
      writesInFlight += 1;
      try {
        await keep(record);
      } catch (error) {
        report.lost(record, error);
      } finally {
        writesInFlight -= 1;
        if (writesInFlight === 0) allWritten?.();
      }
    },

    state: () => spool.state(),

    waitingAuditRecords: () => countWaitingAuditRecords(spool.directory),

    spooledAuditLog: () => spooledAuditLog(spool.directory),

    async stop() {
      stopped = true;
      stopWaiting?.();
      await replay;
      if (writesInFlight > 0) await new Promise<void>((resolve) => (allWritten = resolve));
      await spool.close();
    },
  };
}
