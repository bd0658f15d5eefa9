// The durable records' tables as the query layer sees them (server/records/layer/migrations.ts
// creates them). Times are milliseconds since the epoch in both databases (PostgreSQL: bigint,
// read back as numbers by the pool's type parsers).
import type { Generated } from "kysely";

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

export interface RecordsSchema {
  listening_entities: ListeningEntityTable;
  listening_samples: ListeningSampleTable;
  listening_periods: ListeningPeriodTable;
  listening_gaps: ListeningGapTable;
  listening_outages: ListeningOutageTable;
  listening_events: ListeningEventTable;
  listening_state: ListeningStateTable;
}
