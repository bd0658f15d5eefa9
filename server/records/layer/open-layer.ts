// The durable records' query layer (docs/decisions/071-one-records-layer.md): Kysely on the SQLite
// file of one host (node:sqlite) or on PostgreSQL (pg) with DATABASE_URL, one schema and one set of
// migrations for both. Either opens without waiting for its migrations — every use waits for them
// and tries them again after a failure, so a database away at start does not stop the console;
// openSqliteLayer waits for them (a single host's file is there or the start fails).
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { openPrivateDatabase } from "../../../lib/private-files";
import { recordsMigrationProvider } from "./migrations";
import { nodeSqliteDialect } from "./node-sqlite-dialect";
import type { RecordsSchema } from "./schema";

export type RecordsDatabase = Kysely<RecordsSchema>;

export interface RecordsLayer {
  readonly kind: "sqlite" | "postgres";
  /** The query builder, once the schema is current (rejects while the database cannot be reached). */
  db(): Promise<RecordsDatabase>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface PostgresLayerOptions {
  /** Connections per process (default 5). */
  poolSize?: number;
  /** How long to wait for a connection, in ms (default 5000). */
  connectTimeoutMs?: number;
  /** The longest a statement may run, in ms (default 15000). */
  statementTimeoutMs?: number;
  /** A pooled connection failed while idle (the database restarted): it is dropped and replaced. */
  onConnectionError?: (error: Error) => void;
}

async function migrate(db: Kysely<RecordsSchema>) {
  const { error, results } = await new Migrator({ db, provider: recordsMigrationProvider }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    throw new Error(`The records migration ${failed ?? ""} failed: ${String(error)}`, { cause: error });
  }
}

export interface SqliteLayerOptions {
  /** How long a write waits for another process's lock before it fails (and goes to the spool). */
  busyTimeoutMs?: number;
}

/** How long a statement waits for another process's write lock before it fails, by default. */
export const defaultBusyTimeoutMs = 5000;

/**
 * The layer over an open Kysely: the migrations start now and every use waits for them; after a
 * failure (the database away, or its file locked past the busy timeout) the next use tries again.
 */
function layerOver(kind: RecordsLayer["kind"], db: Kysely<RecordsSchema>): RecordsLayer {
  let migrated: Promise<void> | null = null;
  const ready = () => {
    migrated ??= migrate(db).catch((error: unknown) => {
      migrated = null;
      throw error;
    });
    return migrated;
  };
  // Started now; a failure is seen (and retried) by the first use that needs the schema.
  ready().catch(() => undefined);
  let closed: Promise<void> | null = null;
  return {
    kind,
    db: async () => {
      await ready();
      return db;
    },
    ready,
    close() {
      // Not under a migration still running: it ends (or fails) first.
      closed ??= (migrated ?? Promise.resolve()).catch(() => undefined).then(() => db.destroy());
      return closed;
    },
  };
}

/**
 * The SQLite file of one host, shared by its console processes (WAL, a busy timeout,
 * owner-only), opened at once; its migrations run in the background and before every first use.
 */
export function sqliteLayer(file: string, options: SqliteLayerOptions = {}): RecordsLayer {
  const database = openPrivateDatabase(file);
  const busyTimeoutMs = Math.floor(options.busyTimeoutMs ?? defaultBusyTimeoutMs);
  database.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA foreign_keys = ON;`);
  return layerOver("sqlite", new Kysely<RecordsSchema>({ dialect: nodeSqliteDialect(database, file) }));
}

/** The SQLite layer once migrated (rejects, closed again, when the migrations fail). */
export async function openSqliteLayer(file: string, options: SqliteLayerOptions = {}): Promise<RecordsLayer> {
  const layer = sqliteLayer(file, options);
  try {
    await layer.ready();
  } catch (error) {
    await layer.close();
    throw error;
  }
  return layer;
}

// bigint (int8) and numeric (a SUM of bigints) as numbers: milliseconds and listener-seconds stay
// far below 2^53.
const numericTypes = new Set([20, 1700]);
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    numericTypes.has(oid)
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** PostgreSQL at DATABASE_URL: every instance and worker reads and writes the one database. */
export function openPostgresLayer(url: string, options: PostgresLayerOptions = {}): RecordsLayer {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 5,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    idleTimeoutMillis: 30_000,
    application_name: "station-console",
    // The audit log's indexes each read newest first (server/records/audit-store.ts); at the
    // default random_page_cost of 4 (spinning disks) the planner prefers walking the time index
    // and filtering, which reads every record when a combination of filters matches few. 1.1, as
    // PostgreSQL's documentation suggests for SSDs, for this store's sessions only.
    options: "-c random_page_cost=1.1",
    types,
  });
  // Without a listener, an idle connection's error (the server stopped) would end the process.
  pool.on("error", (error) => options.onConnectionError?.(error));
  return layerOver("postgres", new Kysely<RecordsSchema>({ dialect: new PostgresDialect({ pool }) }));
}
