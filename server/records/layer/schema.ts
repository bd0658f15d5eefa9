// The durable records' tables as the query layer sees them (server/records/layer/migrations.ts
// creates them). The listening history's times are milliseconds since the epoch in both databases
// (PostgreSQL: bigint, read back as numbers by the pool's type parsers). The audit log's and the
// rollouts' keep the types their first schema gave them (docs/decisions/055-durable-records.md):
// milliseconds in SQLite, timestamptz in PostgreSQL, and JSON as text or jsonb.
import type { ColumnType, Generated } from "kysely";

/** Milliseconds (SQLite) or a Date (PostgreSQL's timestamptz), written as the layer's kind asks. */
export type RecordTime = ColumnType<number | Date, number | Date, number | Date>;
/** JSON: text in SQLite, jsonb (read back parsed) in PostgreSQL; written as JSON text in both. */
export type RecordJson = ColumnType<unknown, string, string>;

export interface AuditRecordTable {
  /** The order of appending: of equal times the higher one is newer. */
  seq: Generated<number>;
  id: string;
  time: RecordTime;
  request_id: string;
  user_id: string | null;
  user_name: string | null;
  user_role: string | null;
  action: string;
  /** The action's group ("station." of "station.rename"), for the group filter's index. */
  action_group: string | null;
  target_kind: string | null;
  serial_number: string | null;
  channel_index: number | null;
  target_id: string | null;
  target_label: string | null;
  changes: RecordJson;
  outcome_kind: string;
  outcome: RecordJson;
}

export interface RolloutTable {
  id: Generated<number>;
  created_at: RecordTime;
  created_by: RecordJson;
  updated_at: RecordTime;
  state: string;
  options: RecordJson;
  reason: ColumnType<unknown, string | null, string | null>;
  current_wave: ColumnType<number, number | undefined, number>;
  ended_at: ColumnType<number | Date | null, number | Date | null | undefined, number | Date | null>;
}

export interface RolloutStationTable {
  rollout_id: number;
  serial_number: string;
  station_type: string | null;
  version: string | null;
  wave: number;
  state: string;
  update_sent_at: ColumnType<number | Date | null, number | Date | null | undefined, number | Date | null>;
  ended_at: ColumnType<number | Date | null, number | Date | null | undefined, number | Date | null>;
  message: string | null;
  updated_at: RecordTime;
}

/** When each kind of maintenance last ran (the claim that lets one instance a day do it). */
export interface MaintenanceTable {
  name: string;
  last_run: RecordTime;
}

export interface ListeningEntityTable {
  id: Generated<number>;
  /** "" with channel 0: the venue (never stored: entity 0 is implied). */
  serial_number: string;
  /** 0: the station's total; 1…: its channels. */
  channel_index: number;
  station_name: string | null;
  channel_name: string | null;
}

export interface ListeningSampleTable {
  at: number;
  entity_id: number;
  /** Null: not known from here on. */
  listeners: number | null;
}

export interface ListeningPeriodTable {
  /** The period's length in seconds: 60, 900 or 86400. */
  resolution: number;
  at: number;
  entity_id: number;
  peak: number | null;
  listener_seconds: number;
  known_seconds: number;
  arrivals: number;
  /** The count at the period's end (null: not known then). */
  last: number | null;
}

export interface ListeningGapTable {
  starts_at: number;
  ends_at: number | null;
  reason: string;
}

export interface ListeningOutageTable {
  serial_number: string;
  starts_at: number;
  ends_at: number | null;
  /** The station's listeners just before it stopped. */
  listeners: number;
}

export interface ListeningEventTable {
  id: Generated<number>;
  title: string;
  starts_at: number;
  ends_at: number | null;
  /** JSON: the stations and channels it covers ([] for the whole venue). */
  scope: string;
  /** JSON: who named it. */
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface ListeningStateTable {
  name: string;
  value: number;
}

/** An alert rule (issue 36). Times in milliseconds, JSON as text, as in the listening tables. */
export interface AlertRuleTable {
  id: Generated<number>;
  kind: string;
  grace_seconds: number;
  /** JSON: the serial numbers it applies to ([] for all). */
  stations: string;
  /** 1: only while a listening event covers the channel; 0 otherwise (integer in both databases). */
  during_events_only: number;
  /** JSON: who made it. */
  created_by: string;
  created_at: number;
}

export interface AlertTable {
  id: Generated<number>;
  rule_id: number;
  kind: string;
  /** "" for the Manager. */
  serial_number: string;
  station_name: string | null;
  /** "" for the station itself (or the Manager); `channel:<index>` or `rollout:<id>`. */
  subject: string;
  subject_name: string | null;
  since: number;
  opened_at: number;
  /** Null while it is open (at most one open per rule, station and subject). */
  resolved_at: number | null;
  acknowledged_at: number | null;
  /** JSON: who acknowledged it. */
  acknowledged_by: string | null;
}

export interface AlertDestinationTable {
  id: Generated<number>;
  /** "webhook" or "email". */
  kind: string;
  name: string;
  /** "" for an e-mail destination, as its secret. */
  url: string;
  secret: string;
  /** The address and the language ("en", "de") of an e-mail destination; null for a webhook. */
  email: string | null;
  language: string | null;
  /** JSON: who made it. */
  created_by: string;
  created_at: number;
}

export interface AlertDeliveryTable {
  id: Generated<number>;
  /** The destination it goes to (gone once the destination is removed: the delivery then failed). */
  destination_id: number;
  destination_name: string;
  /** "webhook" or "email", as the destination was when the delivery was made. */
  destination_kind: Generated<string>;
  /** Null for a test delivery. */
  alert_id: number | null;
  transition: string;
  idempotency_key: string;
  created_at: number;
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  /** The JSON body every attempt sends. */
  body: string;
}

export interface AlertDeliveryAttemptTable {
  delivery_id: number;
  attempt: number;
  at: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface RecordsSchema {
  audit_records: AuditRecordTable;
  rollouts: RolloutTable;
  rollout_stations: RolloutStationTable;
  maintenance: MaintenanceTable;
  listening_entities: ListeningEntityTable;
  listening_samples: ListeningSampleTable;
  listening_periods: ListeningPeriodTable;
  listening_gaps: ListeningGapTable;
  listening_outages: ListeningOutageTable;
  listening_events: ListeningEventTable;
  listening_state: ListeningStateTable;
  alert_rules: AlertRuleTable;
  alerts: AlertTable;
  alert_destinations: AlertDestinationTable;
  alert_deliveries: AlertDeliveryTable;
  alert_delivery_attempts: AlertDeliveryAttemptTable;
}
