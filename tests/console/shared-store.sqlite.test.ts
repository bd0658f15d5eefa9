// The shared store's contract on the default backend: one SQLite file, two connections to it as
// two console processes of one host would have.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe } from "vitest";
import { createSqliteStore } from "../../server/store/sqlite-store";
import { sharedStoreContract } from "./shared-store.contract";

describe("the shared store on SQLite", () => {
  sharedStoreContract(async () => {
    const directory = mkdtempSync(join(tmpdir(), "shared-store-"));
    const file = join(directory, "console", "sessions.sqlite");
    return {
      open: (secrets) => createSqliteStore(file, { secrets }),
      async rawSession(id) {
        const database = new DatabaseSync(file);
        try {
          const row = database.prepare("SELECT data FROM sessions WHERE id = ?").get(id) as
            { data: string } | undefined;
          return row?.data ?? null;
        } finally {
          database.close();
        }
      },
      async rawDocument(key) {
        const database = new DatabaseSync(file);
        try {
          const row = database.prepare("SELECT file FROM documents WHERE key = ?").get(key) as
            { file: string } | undefined;
          return row ? readFileSync(join(directory, "console", "documents", row.file)) : null;
        } finally {
          database.close();
        }
      },
      async stop() {
        rmSync(directory, { recursive: true, force: true });
      },
    };
  });
});
