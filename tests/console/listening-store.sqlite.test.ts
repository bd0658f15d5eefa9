// The listening history's storage contract on the default backend: one SQLite file per test;
// for the migrations, separate processes opening a new file at the same moment.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe } from "vitest";
import { openSqliteLayer } from "../../server/records/layer/open-layer";
import { createListeningStore } from "../../server/records/listening-store";
import { listeningStoreContract } from "./listening-store.contract";

/** Opens the file at the agreed moment (spinning to it), so the processes migrate together. */
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

describe("the listening history on SQLite", () => {
  listeningStoreContract(async () => {
    const directory = mkdtempSync(join(tmpdir(), "listening-store-"));
    let databases = 0;
    return {
      async newDatabase() {
        databases += 1;
        const file = join(directory, String(databases), "console", "records.sqlite");
        return {
          async open() {
            const layer = await openSqliteLayer(file);
            return { store: createListeningStore(layer), close: () => layer.close() };
          },
          async openAtOnce(count) {
            const at = Date.now() + 3000;
            await Promise.all(Array.from({ length: count }, () => openInProcess(file, at)));
          },
          async appliedMigrations() {
            const database = new DatabaseSync(file, { readOnly: true });
            try {
              return (
                database.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as { name: string }[]
              ).map((row) => row.name);
            } finally {
              database.close();
            }
          },
        };
      },
      async stop() {
        rmSync(directory, { recursive: true, force: true });
      },
    };
  });
});
