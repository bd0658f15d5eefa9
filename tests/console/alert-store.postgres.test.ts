// The alerts' storage contract on PostgreSQL: a throw-away cluster, a database per test, separate
// pools as separate instances would have. Skipped, naming the package, only where PostgreSQL is
// not installed.
import { describe } from "vitest";
import { createAlertStore } from "../../server/records/alert-store";
import { openPostgresLayer } from "../../server/records/layer/open-layer";
import { startPostgresqlServer } from "../support/postgresql-server";
import { missingPrograms } from "../support/system-programs";
import { alertStoreContract } from "./alert-store.contract";

const missing = missingPrograms("postgresql");

describe.skipIf(missing !== null)(
  missing ? `the alerts on PostgreSQL (skipped: ${missing})` : "the alerts on PostgreSQL",
  () => {
    alertStoreContract(async () => {
      const server = await startPostgresqlServer();
      return {
        async newDatabase() {
          const url = await server.createDatabase();
          return {
            async open() {
              const layer = openPostgresLayer(url);
              await layer.ready();
              return { store: createAlertStore(layer), close: () => layer.close() };
            },
          };
        },
        stop: () => server.stop(),
      };
    });
  },
);
