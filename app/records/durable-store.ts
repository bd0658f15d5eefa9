// Durable records: what must outlive every process — the audit log and the rollout history —
// as opposed to the ephemeral shared state (sessions, locks, counters, submission ids) of
// app/store/shared-store.server.ts. The SQLite file in DATA_DIRECTORY by default, PostgreSQL
// when DATABASE_URL is set (server/records/open-records.ts, docs/decisions/055-durable-records.md).
import type { AlertStore } from "./alerts";
import type { AuditLog } from "./audit-log";
import type { ListeningStore } from "./listening";
import type { RolloutStore } from "./rollouts";

export interface DurableStore {
  readonly kind: "sqlite" | "postgres";
  auditLog: AuditLog;
  rollouts: RolloutStore;
  /**
   * Claims today's removal of old audit records: true for exactly one caller in a day across
   * every process and instance, false for all others until a day after the winner's `now`.
   */
  retentionDue(now?: Date): Promise<boolean>;
  /**
   * Resolves once the schema is current (migrations applied, at most one instance at a time);
   * rejects while the database cannot be reached — every other method tries again then.
   */
  ready(): Promise<void>;
  /** Whether the store answers (for the readiness body). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The durable store with the listening history and the alerts, which live on the records' query
 * layer (Kysely, server/records/layer/) in the same SQLite file or PostgreSQL database, opened and
 * closed with it (docs/decisions/071-one-records-layer.md).
 */
export interface RecordsStore extends DurableStore {
  listening: ListeningStore;
  alerts: AlertStore;
}
