// The shared store the configuration asks for: Redis when REDIS_URL is set, else the SQLite file
// in the data directory (docs/decisions/017-shared-state.md).
import { join } from "node:path";
import type { ConsoleConfig } from "../../app/config.server";
import type { SharedStore } from "../../app/store/shared-store.server";
import { createRedisStore } from "./redis-store";
import { createSqliteStore } from "./sqlite-store";

/** The SQLite file; its name is older than the store and kept so sessions survive the upgrade. */
export function sqliteStoreFile(dataDirectory: string) {
  return join(dataDirectory, "console", "sessions.sqlite");
}

export function openSharedStore(config: ConsoleConfig, secrets: readonly string[]): SharedStore {
  if (config.redisUrl) return createRedisStore(config.redisUrl, { secrets });
  return createSqliteStore(sqliteStoreFile(config.dataDirectory), { secrets });
}
