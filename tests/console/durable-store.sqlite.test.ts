// The durable store's contract on the default backend: one SQLite file per test, several
// connections to it as the console processes of one host would have — and, for the migrations,
// real separate processes opening a new file at the same moment.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe } from "vitest";
import { createSqliteRecords } from "../../server/records/records-store";
import { recordsMigrations } from "../../server/records/layer/migrations";
import { durableStoreContract } from "./durable-store.contract";

/**
 * A process that opens the file, waits for the agreed moment (spinning, to the microsecond) and
 * then migrates it: the processes' migrations start together, not one after another.
 */
const openerScript = `
  import { openSqliteLayer } from "./server/records/layer/open-layer.ts";
  const [file, at] = process.argv.slice(-2);
  while (performance.timeOrigin + performance.now() < Number(at));
  const layer = await openSqliteLayer(file);
  await layer.close();
`;

function openInProcess(file: string, at: number) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", openerScript, "--", file, String(at)],
    { cwd: process.cwd(), stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise<void>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`opener exited ${code}: ${errors}`)))),
  );
}

function readOnly<T>(file: string, read: (database: DatabaseSync) => T): T {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    return read(database);
  } finally {
    database.close();
  }
}

describe("the durable store on SQLite", () => {
  durableStoreContract(async () => {
    const directory = mkdtempSync(join(tmpdir(), "durable-store-"));
    let databases = 0;
    return {
      async newDatabase() {
        databases += 1;
        const file = join(directory, String(databases), "console", "records.sqlite");
        return {
          open: () => createSqliteRecords(file),
          async openAtOnce(count) {
            // Each process takes about a second to load: agree on a moment after that.
            const at = Date.now() + 3000;
            await Promise.all(Array.from({ length: count }, () => openInProcess(file, at)));
          },
          async rawAuditText() {
            return readOnly(file, (database) => JSON.stringify(database.prepare("SELECT * FROM audit_records").all()));
          },
          async appliedMigrations() {
            return readOnly(file, (database) =>
              // Each applied migration by its number in the known list, one entry per row.
              (database.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as { name: string }[]).map(
                (row) => Object.keys(recordsMigrations).indexOf(row.name) + 1,
              ),
            );
          },
          knownMigrations: Object.keys(recordsMigrations).length,
        };
      },
      async stop() {
        rmSync(directory, { recursive: true, force: true });
      },
    };
  });
});
