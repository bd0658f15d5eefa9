// The durable store the configuration asks for: PostgreSQL when DATABASE_URL is set, else the
// SQLite file in the data directory (docs/decisions/055-durable-records.md). The PostgreSQL
// store and its client are loaded only when asked for: a single host never carries them.
import { join } from "node:path";
import type { ConsoleConfig } from "../../app/config.server";
import type { DurableStore, RecordsStore } from "../../app/records/durable-store";
import { openSqliteLayer, type RecordsLayer } from "./layer/open-layer";
import { createListeningStore } from "./listening-store";
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
): Promise<RecordsStore> {
  if (config.databaseUrl) {
    const [{ createPostgresRecords }, { openPostgresLayer }] = await Promise.all([
      import("./postgres-records"),
      import("./layer/open-layer"),
    ]);
    return withLayer(
      createPostgresRecords(config.databaseUrl, options),
      openPostgresLayer(config.databaseUrl, options),
    );
  }
  const file = recordsFile(config.dataDirectory);
  const store = createSqliteRecords(file);
  try {
    return withLayer(store, await openSqliteLayer(file));
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** The store and the query layer beside it, on the same database: ready and closed together. */
function withLayer(store: DurableStore, layer: RecordsLayer): RecordsStore {
  return {
    ...store,
    listening: createListeningStore(layer),
    async ready() {
      await Promise.all([store.ready(), layer.ready()]);
    },
    async close() {
      await Promise.all([store.close(), layer.close()]);
    },
  };
}
