// The alerts' storage contract on the default backend: one SQLite file per test, and two layers
// on one file as two console processes of a host would open it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { createAlertStore } from "../../server/records/alert-store";
import { openSqliteLayer } from "../../server/records/layer/open-layer";
import { alertStoreContract } from "./alert-store.contract";

describe("the alerts on SQLite", () => {
  alertStoreContract(async () => {
    const directory = mkdtempSync(join(tmpdir(), "alert-store-"));
    let databases = 0;
    return {
      async newDatabase() {
        databases += 1;
        const file = join(directory, String(databases), "console", "records.sqlite");
        return {
          async open() {
            const layer = await openSqliteLayer(file);
            return { store: createAlertStore(layer), close: () => layer.close() };
          },
        };
      },
      async stop() {
        rmSync(directory, { recursive: true, force: true });
      },
    };
  });
});
