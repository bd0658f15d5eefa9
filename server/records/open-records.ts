// The durable store the configuration asks for: PostgreSQL when DATABASE_URL is set, else the
// SQLite file in the data directory (docs/decisions/055-durable-records.md), on the one records
// layer (docs/decisions/071-one-records-layer.md).
import { join } from "node:path";
import type { ConsoleConfig } from "../../app/config.server";
import type { RecordsStore } from "../../app/records/durable-store";
import type { PostgresLayerOptions } from "./layer/open-layer";
import { createPostgresRecords, createSqliteRecords } from "./records-store";

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
  options: PostgresLayerOptions = {},
): Promise<RecordsStore> {
  if (config.databaseUrl) return createPostgresRecords(config.databaseUrl, options);
  const store = createSqliteRecords(recordsFile(config.dataDirectory));
  try {
    await store.ready();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
