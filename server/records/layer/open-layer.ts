// The durable records' query layer (docs/decisions/071-one-records-layer.md): Kysely on the SQLite
// file of one host (node:sqlite) or on PostgreSQL (pg) with DATABASE_URL, one schema and one set of
// migrations for both. SQLite is migrated before this resolves; PostgreSQL opens without waiting
// for the database — every use waits for the migrations and tries them again after a failure, so
// a database away at start does not stop the console.
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

/** The SQLite file of one host, shared by its console processes (WAL, a busy timeout, owner-only). */
export async function openSqliteLayer(file: string): Promise<RecordsLayer> {
  const database = openPrivateDatabase(file);
  database.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  const db = new Kysely<RecordsSchema>({ dialect: nodeSqliteDialect(database) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    kind: "sqlite",
    db: async () => db,
    ready: async () => {},
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
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
    types,
  });
  // Without a listener, an idle connection's error (the server stopped) would end the process.
  pool.on("error", (error) => options.onConnectionError?.(error));
  const db = new Kysely<RecordsSchema>({ dialect: new PostgresDialect({ pool }) });
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
  let closed = false;
  return {
    kind: "postgres",
    db: async () => {
      await ready();
      return db;
    },
    ready,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
