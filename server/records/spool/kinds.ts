// Each kind of durable record the spool keeps: how it gets its key before the first try, and how
// it is stored — a store that keeps a record once per key, so a replay that repeats a write (the
// first try was only late, or a crash came before the spool heard of it) changes nothing.
// Listening samples and alert deliveries join here as they arrive (docs/decisions/066-records-spool.md).
import { randomUUID } from "node:crypto";
import type { DurableStore } from "../../../app/records/durable-store";
import type { DurableRecord, DurableRecordKind, SpooledRecord } from "../../../app/records/durable-writes";

interface RecordKind<R extends DurableRecord> {
  /** The record with its key in it (made now unless it has one). */
  keyed(record: R): { key: string; record: R };
  store(records: DurableStore, record: R): Promise<unknown>;
}

type Kinds = { [K in DurableRecordKind]: RecordKind<Extract<DurableRecord, { kind: K }>> };

const recordKinds: Kinds = {
  audit: {
    keyed(write) {
      // The audit log keeps one record per id (its unique column since the first migration).
      const id = write.record.id ?? randomUUID();
      return { key: id, record: { kind: "audit", record: { ...write.record, id } } };
    },
    store: (records, write) => records.auditLog.append(write.record),
  },
};

export const spooledKinds: ReadonlySet<string> = new Set(Object.keys(recordKinds));

const kindOf = <R extends DurableRecord>(record: R) => recordKinds[record.kind] as unknown as RecordKind<R>;

/** The record as the spool would hold it: its key given before the first try, and the time now. */
export function spooledRecordOf(record: DurableRecord, at: Date): SpooledRecord {
  const { key, record: keyed } = kindOf(record).keyed(record);
  return { ...keyed, key, at: at.toISOString() };
}

/** Stores a spooled record in the database (a second time changes nothing). */
export function storeRecord(records: DurableStore, spooled: SpooledRecord): Promise<unknown> {
  const { key: _key, at: _at, ...record } = spooled;
  return kindOf(record).store(records, record);
}

/** SQLite's primary result codes that refuse what was written, not the database's state: CONSTRAINT, MISMATCH, RANGE. */
const sqliteRefusals = new Set([19, 20, 25]);

/**
 * Whether the database answered and refused this record (it would refuse it again), as opposed to
 * not answering — away, locked, its disk full — after which the same write may well succeed. A
 * record that cannot even be made into a row (a time that is none) is refused too.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof RangeError || error instanceof TypeError) return true;
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  // PostgreSQL's SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation).
  if (typeof code === "string" && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
  return typeof errcode === "number" && sqliteRefusals.has(errcode & 0xff);
}
