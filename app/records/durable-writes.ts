// Durable writes (issue 39): a record the database cannot take within its time limit goes to a
// spool in DATA_DIRECTORY — an append-only file, fsynced, one record a line — and a background task
// per process writes it once the database answers again, in order, each record once (its key
// decides). Types only, so screens may import them; the spool lives in server/records/spool/
// (docs/decisions/066-records-spool.md).
import type { AuditLog, NewAuditRecord } from "./audit-log";

/**
 * A record to keep, by kind. The spool keeps any kind; a kind is replayable when writing it twice
 * with the same key stores it once. A new kind (listening samples, alert deliveries) is a member
 * here and an entry in server/records/spool/kinds.ts.
 */
export type DurableRecord = { kind: "audit"; record: NewAuditRecord };

export type DurableRecordKind = DurableRecord["kind"];

/** A record as the spool holds it: with its key (the record's own id) and when it was written. */
export type SpooledRecord = DurableRecord & {
  /** What makes a second write of the same record change nothing: an audit record's id. */
  key: string;
  /** When it was handed to the spool (ISO). */
  at: string;
};

/** What waits in a spool. */
export interface SpoolState {
  /** Records not yet stored. */
  length: number;
  /** When the oldest of them was written (ISO), null when none waits. */
  oldestAt: string | null;
  /** The spool's files on disk. */
  bytes: number;
}

export interface DurableWrites {
  /**
   * Stores the record in the database, or — when it does not answer within its time limit, or
   * while earlier records still wait — appends it to the spool. Resolves once the record is in
   * one of them; never rejects (a record neither can take is logged in full and counted).
   */
  write(record: DurableRecord): Promise<void>;
  /** This process's spool (its own records and those it took over from ended processes). */
  state(): SpoolState;
  /** How many audit records wait in every spool of this host (all processes sharing DATA_DIRECTORY). */
  waitingAuditRecords(): Promise<number>;
  /**
   * The audit records waiting in this host's spools, read as an audit log: what the audit log
   * screen shows while the database cannot be read. One reading of the spools serves all three.
   */
  spooledAuditLog(): Pick<AuditLog, "query" | "distinctUsers" | "distinctActions">;
}
