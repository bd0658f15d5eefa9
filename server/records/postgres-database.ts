// The connection pool to DATABASE_URL and the two ways the PostgreSQL store talks through it: a
// query, and a transaction on one client. Both wait for the migrations first; a database that
// cannot be reached fails them quickly (connect timeout) and a slow one within the statement
// timeout, so a caller never waits without end.
import pg, { type PoolClient, type QueryResult, type QueryResultRow } from "pg";
import { migratePostgres } from "./postgres-migrations";

export type Query = <T extends QueryResultRow = QueryResultRow>(
  sql: string,
  values?: unknown[],
) => Promise<QueryResult<T>>;

export interface PostgresDatabaseOptions {
  /** Connections per process (default 5: the console's workers each have their own pool). */
  poolSize?: number;
  /** How long to wait for a connection, in ms (default 5000). */
  connectTimeoutMs?: number;
  /** The longest a statement may run, in ms (default 15000). */
  statementTimeoutMs?: number;
  /** A pooled connection failed while idle (the database restarted): it is dropped and replaced. */
  onConnectionError?: (error: Error) => void;
}

export function openPostgresDatabase(url: string, options: PostgresDatabaseOptions = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 5,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    idleTimeoutMillis: 30_000,
    application_name: "station-console",
    // The audit log's indexes each read newest first (server/records/audit-sql.ts); at the default
    // random_page_cost of 4 (spinning disks) the planner prefers walking the time index and
    // filtering, which reads every record when a combination of filters matches few. 1.1, as
    // PostgreSQL's documentation suggests for SSDs, for this store's sessions only.
    options: "-c random_page_cost=1.1",
  });
  // Without a listener, an idle connection's error (the server stopped) would end the process.
  pool.on("error", (error) => options.onConnectionError?.(error));

  let migrated: Promise<void> | null = null;
  /** Runs the migrations once; after a failure (database away) the next call tries again. */
  function ready(): Promise<void> {
    migrated ??= migratePostgres(pool).then(
      () => undefined,
      (error: unknown) => {
        migrated = null;
        throw error;
      },
    );
    return migrated;
  }

  const query: Query = async (sql, values) => {
    await ready();
    return pool.query(sql, values);
  };

  /** Runs `work` on one client between BEGIN and COMMIT (ROLLBACK when it throws). */
  async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    await ready();
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      failed = error as Error;
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      // A client whose transaction failed is not reused: it may be the connection that broke.
      client.release(failed);
    }
  }

  return { pool, ready, query, transaction };
}
