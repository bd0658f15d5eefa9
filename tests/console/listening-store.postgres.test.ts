// The listening history's storage contract on PostgreSQL: a throw-away cluster, a database per
// test, separate pools as separate instances would have. Skipped, naming the package, only where
// PostgreSQL is not installed.
import pg from "pg";
import { describe } from "vitest";
import { openPostgresLayer } from "../../server/records/layer/open-layer";
import { createListeningStore } from "../../server/records/listening-store";
import { startPostgresqlServer } from "../support/postgresql-server";
import { missingPrograms } from "../support/system-programs";
import { listeningStoreContract } from "./listening-store.contract";

const missing = missingPrograms("postgresql");

describe.skipIf(missing !== null)(
  missing ? `the listening history on PostgreSQL (skipped: ${missing})` : "the listening history on PostgreSQL",
  () => {
    listeningStoreContract(async () => {
      const server = await startPostgresqlServer();
      return {
        async newDatabase() {
          const url = await server.createDatabase();
          return {
            async open() {
              const layer = openPostgresLayer(url);
              await layer.ready();
              return { store: createListeningStore(layer), close: () => layer.close() };
            },
            async openAtOnce(count) {
              const layers = Array.from({ length: count }, () => openPostgresLayer(url));
              try {
                await Promise.all(layers.map((layer) => layer.ready()));
              } finally {
                await Promise.all(layers.map((layer) => layer.close()));
              }
            },
            async appliedMigrations() {
              const client = new pg.Client({ connectionString: url });
              await client.connect();
              try {
                const result = await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name");
                return result.rows.map((row) => row.name);
              } finally {
                await client.end();
              }
            },
          };
        },
        stop: () => server.stop(),
      };
    });
  },
);
