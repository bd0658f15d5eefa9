// The durable records' migrations, written once for both databases and run by Kysely's Migrator
// at open (docs/decisions/071-one-records-layer.md): in name order, each recorded in
// kysely_migration, all pending ones in one transaction — PostgreSQL under Kysely's advisory
// lock, SQLite under BEGIN IMMEDIATE — so the first process or instance migrates and the others
// wait, then find nothing to do. A released migration is never edited: a change is a new entry.
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not today's
type AnyDatabase = Kysely<any>;

const isPostgres = (db: AnyDatabase) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite clusters these tables by their key (no separate rowid and key index). */
const withoutRowid = (db: AnyDatabase) => (isPostgres(db) ? sql`` : sql`without rowid`);

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

export const recordsMigrations: Record<string, Migration> = {
  "0001-listening-history": listeningHistory,
};

export const recordsMigrationProvider: MigrationProvider = {
  getMigrations: async () => recordsMigrations,
};
