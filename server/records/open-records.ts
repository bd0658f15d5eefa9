// The durable store the configuration asks for: PostgreSQL when DATABASE_URL is set, else the
// SQLite file in the data directory (docs/decisions/055-durable-records.md).
import { join } from "node:path";
import type { ConsoleConfig } from "../../app/config.server";
import type { DurableStore } from "../../app/records/durable-store";
import { createPostgresRecords, type PostgresRecordsOptions } from "./postgres-records";
import { createSqliteRecords } from "./sqlite-records";

/** Beside the shared store's sessions.sqlite, in an owner-only directory. */
export function recordsFile(dataDirectory: string) {
  return join(dataDirectory, "console", "records.sqlite");
}

export function openDurableStore(
  config: Pick<ConsoleConfig, "databaseUrl" | "dataDirectory">,
  options: PostgresRecordsOptions = {},
): DurableStore {
  if (config.databaseUrl) return createPostgresRecords(config.databaseUrl, options);
  return createSqliteRecords(recordsFile(config.dataDirectory));
}
