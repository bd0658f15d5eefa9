// The durable records' migrations, written once for both databases and run by Kysely's Migrator
// at open (docs/decisions/071-one-records-layer.md): in name order, each recorded in
// kysely_migration, all pending ones in one transaction — PostgreSQL under Kysely's advisory
// lock, SQLite under BEGIN IMMEDIATE — so the first process or instance migrates and the others
// wait, then find nothing to do. A released migration is never edited: a change is a new entry.
//
// The audit log, rollout and maintenance tables came first, from the hand-kept migrations of
// decision 055 (bookkept in schema_migrations, versions 1–3). Their migrations here create each
// table and index only if it is not there yet, with the same names, columns and types, so a
// database those made is adopted as it is, records and all, and one this makes has their schema.
import {
  PostgresAdapter,
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Expression,
  type Kysely,
} from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not today's
type AnyDatabase = Kysely<any>;

const isPostgres = (db: AnyDatabase) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite clusters these tables by their key (no separate rowid and key index). */
const withoutRowid = (db: AnyDatabase) => (isPostgres(db) ? sql`` : sql`without rowid`);

/**
 * The column types the first schema gave the audit log and rollouts in each database: times in
 * milliseconds (SQLite) or timestamptz, JSON as text or jsonb, and the texts that are filtered,
 * ordered or compared by prefix in PostgreSQL's "C" collation — byte order, as SQLite's, and
 * independent of the database's locale.
 */
function recordTypes(db: AnyDatabase) {
  const postgres = isPostgres(db);
  return {
    time: (postgres ? "timestamptz" : "integer") as ColumnDataType,
    json: (postgres ? "jsonb" : "text") as ColumnDataType,
    key: (postgres ? sql`text collate "C"` : "text") as ColumnDataType | Expression<unknown>,
    /** The key a row gets in the order of its inserting. */
    serial: (postgres ? "bigint" : "integer") as ColumnDataType,
  };
}

const auditLog: Migration = {
  async up(db) {
    const postgres = isPostgres(db);
    const type = recordTypes(db);
    await db.schema
      .createTable("audit_records")
      .ifNotExists()
      .addColumn("seq", type.serial, (column) =>
        postgres ? column.generatedAlwaysAsIdentity().primaryKey() : column.primaryKey().autoIncrement(),
      )
      .addColumn("id", type.key, (column) => column.notNull().unique())
      .addColumn("time", type.time, (column) => column.notNull())
      .addColumn("request_id", "text", (column) => column.notNull())
      .addColumn("user_id", type.key)
      .addColumn("user_name", "text")
      .addColumn("user_role", "text")
      .addColumn("action", type.key, (column) => column.notNull())
      .addColumn("action_group", type.key)
      .addColumn("target_kind", "text")
      .addColumn("serial_number", type.key)
      .addColumn("channel_index", "integer")
      .addColumn("target_id", "text")
      .addColumn("target_label", "text")
      .addColumn("changes", type.json, (column) => column.notNull())
      .addColumn("outcome_kind", type.key, (column) => column.notNull())
      .addColumn("outcome", type.json, (column) => column.notNull())
      .execute();
    // Newest first: an index per filter, the filter's column then (time, seq), then the columns of
    // the filters after it (server/records/audit-store.ts), checked without reading the row.
    const indexes: Record<string, string[]> = {
      audit_records_time: ["time", "seq", "action"],
      audit_records_station: ["serial_number", "time", "seq", "user_id", "action", "outcome_kind"],
      audit_records_user: ["user_id", "time", "seq", "action", "outcome_kind"],
      audit_records_action: ["action", "time", "seq", "outcome_kind"],
      audit_records_action_group: ["action_group", "time", "seq", "outcome_kind"],
      audit_records_outcome: ["outcome_kind", "time", "seq"],
    };
    for (const [name, columns] of Object.entries(indexes)) {
      await db.schema.createIndex(name).ifNotExists().on("audit_records").columns(columns).execute();
    }
  },
};

const rollouts: Migration = {
  async up(db) {
    const postgres = isPostgres(db);
    const type = recordTypes(db);
    await db.schema
      .createTable("rollouts")
      .ifNotExists()
      .addColumn("id", type.serial, (column) =>
        postgres ? column.generatedAlwaysAsIdentity().primaryKey() : column.primaryKey().autoIncrement(),
      )
      .addColumn("created_at", type.time, (column) => column.notNull())
      .addColumn("created_by", type.json, (column) => column.notNull())
      .addColumn("updated_at", type.time, (column) => column.notNull())
      .addColumn("state", type.key, (column) => column.notNull())
      .addColumn("options", type.json, (column) => column.notNull())
      .addColumn("reason", type.json)
      .addColumn("current_wave", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("ended_at", type.time)
      .execute();
    await db.schema
      .createIndex("rollouts_created")
      .ifNotExists()
      .on("rollouts")
      .columns(["created_at", "id"])
      .execute();
    await db.schema
      .createIndex("rollouts_state")
      .ifNotExists()
      .on("rollouts")
      .columns(["state", "created_at", "id"])
      .execute();
    await db.schema
      .createTable("rollout_stations")
      .ifNotExists()
      .addColumn("rollout_id", type.serial, (column) => column.notNull().references("rollouts.id").onDelete("cascade"))
      .addColumn("serial_number", type.key, (column) => column.notNull())
      .addColumn("station_type", "text")
      .addColumn("version", "text")
      .addColumn("wave", "integer", (column) => column.notNull())
      .addColumn("state", type.key, (column) => column.notNull())
      .addColumn("update_sent_at", type.time)
      .addColumn("ended_at", type.time)
      .addColumn("message", "text")
      .addColumn("updated_at", type.time, (column) => column.notNull())
      .addPrimaryKeyConstraint("rollout_stations_pkey", ["rollout_id", "serial_number"])
      .execute();
    await db.schema
      .createIndex("rollout_stations_wave")
      .ifNotExists()
      .on("rollout_stations")
      .columns(["rollout_id", "wave", "serial_number"])
      .execute();
  },
};

const maintenanceClaims: Migration = {
  async up(db) {
    await db.schema
      .createTable("maintenance")
      .ifNotExists()
      .addColumn("name", "text", (column) => column.primaryKey())
      .addColumn("last_run", recordTypes(db).time, (column) => column.notNull())
      .execute();
  },
};

const listeningHistory: Migration = {
  async up(db) {
    const postgres = isPostgres(db);
    await db.schema
      .createTable("listening_entities")
      .addColumn("id", "integer", (column) =>
        postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey(),
      )
      .addColumn("serial_number", "text", (column) => column.notNull())
      .addColumn("channel_index", "integer", (column) => column.notNull())
      .addColumn("station_name", "text")
      .addColumn("channel_name", "text")
      .addUniqueConstraint("listening_entities_key", ["serial_number", "channel_index"])
      .execute();
    await db.schema
      .createTable("listening_samples")
      .addColumn("at", "bigint", (column) => column.notNull())
      .addColumn("entity_id", "integer", (column) => column.notNull())
      .addColumn("listeners", "integer")
      .addPrimaryKeyConstraint("listening_samples_key", ["at", "entity_id"])
      .modifyEnd(withoutRowid(db))
      .execute();
    await db.schema
      .createIndex("listening_samples_by_entity")
      .on("listening_samples")
      .columns(["entity_id", "at"])
      .execute();
    await db.schema
      .createTable("listening_periods")
      .addColumn("resolution", "integer", (column) => column.notNull())
      .addColumn("at", "bigint", (column) => column.notNull())
      .addColumn("entity_id", "integer", (column) => column.notNull())
      .addColumn("peak", "integer")
      .addColumn("listener_seconds", "bigint", (column) => column.notNull())
      .addColumn("known_seconds", "integer", (column) => column.notNull())
      .addColumn("arrivals", "integer", (column) => column.notNull())
      .addColumn("last", "integer")
      .addPrimaryKeyConstraint("listening_periods_key", ["resolution", "at", "entity_id"])
      .modifyEnd(withoutRowid(db))
      .execute();
    await db.schema
      .createIndex("listening_periods_by_entity")
      .on("listening_periods")
      .columns(["entity_id", "resolution", "at"])
      .execute();
    await db.schema
      .createTable("listening_gaps")
      .addColumn("starts_at", "bigint", (column) => column.primaryKey())
      .addColumn("ends_at", "bigint")
      .addColumn("reason", "text", (column) => column.notNull())
      .execute();
    await db.schema
      .createTable("listening_outages")
      .addColumn("serial_number", "text", (column) => column.notNull())
      .addColumn("starts_at", "bigint", (column) => column.notNull())
      .addColumn("ends_at", "bigint")
      .addColumn("listeners", "integer", (column) => column.notNull())
      .addPrimaryKeyConstraint("listening_outages_key", ["serial_number", "starts_at"])
      .execute();
    await db.schema.createIndex("listening_outages_by_time").on("listening_outages").columns(["starts_at"]).execute();
    await db.schema
      .createTable("listening_events")
      .addColumn("id", "integer", (column) =>
        postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey(),
      )
      .addColumn("title", "text", (column) => column.notNull())
      .addColumn("starts_at", "bigint", (column) => column.notNull())
      .addColumn("ends_at", "bigint")
      .addColumn("scope", "text", (column) => column.notNull())
      .addColumn("created_by", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("listening_events_by_start")
      .on("listening_events")
      .columns(["starts_at", "id"])
      .execute();
    await db.schema
      .createTable("listening_state")
      .addColumn("name", "text", (column) => column.primaryKey())
      .addColumn("value", "bigint", (column) => column.notNull())
      .execute();
  },
};

const alerts: Migration = {
  async up(db) {
    const postgres = isPostgres(db);
    // Ids are never used again, even after the newest row is removed (AUTOINCREMENT in SQLite; an
    // identity in PostgreSQL): a delivery's idempotency key is made of them, and a receiver drops
    // a key it has seen.
    const id = (column: ColumnDefinitionBuilder) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
    const idType = (postgres ? "bigint" : "integer") as ColumnDataType;
    // Partial indexes name their condition as a literal: SQLite uses one only for a query whose
    // WHERE has the same term written the same way.
    const pending = sql.lit("pending");
    await db.schema
      .createTable("alert_rules")
      .addColumn("id", idType, id)
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("grace_seconds", "integer", (column) => column.notNull())
      .addColumn("stations", "text", (column) => column.notNull())
      .addColumn("created_by", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
    // Rules are few and read whole: no index beyond the key. Alerts keep their rule's id after
    // the rule is removed (they are resolved then), so no foreign key.
    await db.schema
      .createTable("alerts")
      .addColumn("id", idType, id)
      .addColumn("rule_id", "bigint", (column) => column.notNull())
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("serial_number", "text", (column) => column.notNull())
      .addColumn("station_name", "text")
      .addColumn("since", "bigint", (column) => column.notNull())
      .addColumn("opened_at", "bigint", (column) => column.notNull())
      .addColumn("resolved_at", "bigint")
      .addColumn("acknowledged_at", "bigint")
      .addColumn("acknowledged_by", "text")
      .execute();
    // At most one open alert per rule and station, however many evaluators open it at once.
    await db.schema
      .createIndex("alerts_open_key")
      .on("alerts")
      .columns(["rule_id", "serial_number"])
      .unique()
      .where(sql.ref("resolved_at"), "is", null)
      .execute();
    // Newest first, every filter: resolved ones are most of them, so the walk finds a page soon.
    await db.schema.createIndex("alerts_by_opened").on("alerts").columns(["opened_at", "id"]).execute();
    // The open ones (null: a few rows, sorted in memory) and those past keeping.
    await db.schema.createIndex("alerts_by_resolved").on("alerts").columns(["resolved_at"]).execute();
    await db.schema
      .createTable("alert_destinations")
      .addColumn("id", idType, id)
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("url", "text", (column) => column.notNull())
      .addColumn("secret", "text", (column) => column.notNull())
      .addColumn("created_by", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
    // A delivery outlives its destination (listed with the destination's name) and its alert (kept
    // as long as the delivery's own time says), so neither is a foreign key.
    await db.schema
      .createTable("alert_deliveries")
      .addColumn("id", idType, id)
      .addColumn("destination_id", "bigint", (column) => column.notNull())
      .addColumn("destination_name", "text", (column) => column.notNull())
      .addColumn("alert_id", "bigint")
      .addColumn("transition", "text", (column) => column.notNull())
      .addColumn("idempotency_key", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("state", "text", (column) => column.notNull())
      .addColumn("attempts", "integer", (column) => column.notNull())
      .addColumn("next_attempt_at", "bigint")
      .addColumn("body", "text", (column) => column.notNull())
      // A change told to a destination once; its index also finds a removed destination's rows.
      .addUniqueConstraint("alert_deliveries_key", ["destination_id", "idempotency_key"])
      .execute();
    // The due and the pending deliveries, soonest first: few, however many were delivered.
    await db.schema
      .createIndex("alert_deliveries_pending")
      .on("alert_deliveries")
      .columns(["next_attempt_at", "id"])
      .where(sql.ref("state"), "=", pending)
      .execute();
    await db.schema.createIndex("alert_deliveries_by_created").on("alert_deliveries").columns(["created_at"]).execute();
    await db.schema
      .createTable("alert_delivery_attempts")
      .addColumn("delivery_id", idType, (column) =>
        column.notNull().references("alert_deliveries.id").onDelete("cascade"),
      )
      .addColumn("attempt", "integer", (column) => column.notNull())
      .addColumn("at", "bigint", (column) => column.notNull())
      .addColumn("status", "integer")
      .addColumn("error", "text")
      .addColumn("duration_ms", "integer", (column) => column.notNull())
      .addPrimaryKeyConstraint("alert_delivery_attempts_key", ["delivery_id", "attempt"])
      .execute();
    // The deliveries page: newest attempts first.
    await db.schema
      .createIndex("alert_delivery_attempts_by_time")
      .on("alert_delivery_attempts")
      .columns(["at", "delivery_id", "attempt"])
      .execute();
  },
};

/** One column a statement: SQLite's ALTER TABLE adds only one. */
const addColumn = (
  db: AnyDatabase,
  table: string,
  name: string,
  type: ColumnDataType,
  build = (column: ColumnDefinitionBuilder) => column,
) => db.schema.alterTable(table).addColumn(name, type, build).execute();

const alertSubjectsAndEmail: Migration = {
  async up(db) {
    // Each column has a default or may be null, so the rows 0005 made read on as they were: rules
    // for every moment, alerts about the station itself, webhook destinations.
    // A flag as integer 0/1 in both databases: SQLite has no boolean, and one mapping serves both.
    await addColumn(db, "alert_rules", "during_events_only", "integer", (column) => column.notNull().defaultTo(0));
    await addColumn(db, "alerts", "subject", "text", (column) => column.notNull().defaultTo(""));
    await addColumn(db, "alerts", "subject_name", "text");
    // A station's channels each have an alert of their own under one rule: the subject joins the
    // key of the open ones (same name and condition, so the store's ON CONFLICT finds it).
    await db.schema.dropIndex("alerts_open_key").execute();
    await db.schema
      .createIndex("alerts_open_key")
      .on("alerts")
      .columns(["rule_id", "serial_number", "subject"])
      .unique()
      .where(sql.ref("resolved_at"), "is", null)
      .execute();
    await addColumn(db, "alert_destinations", "kind", "text", (column) => column.notNull().defaultTo("webhook"));
    await addColumn(db, "alert_destinations", "email", "text");
    await addColumn(db, "alert_destinations", "language", "text");
    // A delivery says how it went (an e-mail's status is an SMTP reply, a webhook's an HTTP one),
    // also once its destination is gone.
    await addColumn(db, "alert_deliveries", "destination_kind", "text", (column) =>
      column.notNull().defaultTo("webhook"),
    );
  },
};

export const recordsMigrations: Record<string, Migration> = {
  "0001-listening-history": listeningHistory,
  "0002-audit-log": auditLog,
  "0003-rollouts": rollouts,
  "0004-maintenance-claims": maintenanceClaims,
  "0005-alerts": alerts,
  "0006-alert-subjects-and-email": alertSubjectsAndEmail,
};

export const recordsMigrationProvider: MigrationProvider = {
  getMigrations: async () => recordsMigrations,
};
