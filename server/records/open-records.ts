// The durable store the configuration asks for: PostgreSQL when DATABASE_URL is set, else the
// SQLite file in the data directory (docs/decisions/055-durable-records.md). The PostgreSQL
// store and its client are loaded only when asked for: a single host never carries them.
import { join } from "node:path";
import type { ConsoleConfig } from "../../app/config.server";
import type { DurableStore } from "../../app/records/durable-store";
import type { PostgresRecordsOptions } from "./postgres-records";
import { createSqliteRecords } from "./sqlite-records";

/** Beside the shared store's sessions.sqlite, in an owner-only directory. */
export function recordsFile(dataDirectory: string) {
  return join(dataDirectory, "console", "records.sqlite");
}

/**
 * Opens the store. SQLite is migrated before this resolves; PostgreSQL is not waited for (its
 * migrations run in the background and before every first call): `ready()` says when it is.
 */
export async function openDurableStore(
  config: Pick<ConsoleConfig, "databaseUrl" | "dataDirectory">,
  options: PostgresRecordsOptions = {},
): Promise<DurableStore> {
  if (config.databaseUrl) {
    const { createPostgresRecords } = await import("./postgres-records");
    return createPostgresRecords(config.databaseUrl, options);
  }
  return createSqliteRecords(recordsFile(config.dataDirectory));
}
