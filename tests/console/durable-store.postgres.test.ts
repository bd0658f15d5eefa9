// The durable store's contract on PostgreSQL: a real throw-away cluster (tests/support/
// postgresql-server.ts), a database per test, separate pools as separate instances would have.
// Skipped, naming the package, only where PostgreSQL is not installed.
import { afterAll, describe, expect, it } from "vitest";
import type { DurableStore } from "~/records/durable-store";
import { recordsMigrations } from "../../server/records/layer/migrations";
import { createPostgresRecords } from "../../server/records/records-store";
import { freePort } from "../../e2e/support/own-console";
import { startPostgresqlServer, withClient, type PostgresqlServer } from "../support/postgresql-server";
import { missingPrograms } from "../support/system-programs";
import { durableStoreContract } from "./durable-store.contract";

const missing = missingPrograms("postgresql");

// vitest keeps no reason for a skipped describe: its name carries the message the reporter reads.
describe.skipIf(missing !== null)(
  missing ? `the durable store on PostgreSQL (skipped: ${missing})` : "the durable store on PostgreSQL",
  () => {
    durableStoreContract(async () => {
      const server = await startPostgresqlServer();
      return {
        async newDatabase() {
          const url = await server.createDatabase();
          return {
            open: () => createPostgresRecords(url),
            async openAtOnce(count) {
              const stores = Array.from({ length: count }, () => createPostgresRecords(url));
              try {
                await Promise.all(stores.map((store) => store.ready()));
              } finally {
                await Promise.all(stores.map((store) => store.close()));
              }
            },
            rawAuditText: () =>
              withClient(url, async (client) =>
                JSON.stringify((await client.query("SELECT row_to_json(a) FROM audit_records a")).rows),
              ),
            appliedMigrations: () =>
              withClient(url, async (client) =>
                // Each applied migration by its number in the known list, one entry per row.
                (await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")).rows.map(
                  (row) => Object.keys(recordsMigrations).indexOf(row.name) + 1,
                ),
              ),
            knownMigrations: Object.keys(recordsMigrations).length,
          };
        },
        stop: () => server.stop(),
      };
    });

    describe("when the database is away", () => {
      let server: PostgresqlServer | null = null;
      const stores: DurableStore[] = [];
      afterAll(async () => {
        for (const store of stores) await store.close();
        await server?.stop();
      });

      it("opens anyway, fails each call quickly, and works (migrated) once the database is there", async () => {
        const port = await freePort();
        const url = `postgres://app@127.0.0.1:${port}/postgres`;
        const store = createPostgresRecords(url, { connectTimeoutMs: 1000 });
        stores.push(store);
        expect(await store.ping()).toBe(false);
        await expect(store.ready()).rejects.toThrow();
        await expect(store.auditLog.query({}, { skip: 0, take: 10 })).rejects.toThrow();

        server = await startPostgresqlServer({ port });
        expect(await store.ping()).toBe(true);
        const appended = await store.auditLog.append({
          time: new Date().toISOString(),
          requestId: "after-start",
          user: null,
          action: "signInRefused",
          target: { kind: null },
          changes: [],
          outcome: { kind: "refused", reason: "validation" },
        });
        expect((await store.auditLog.query({}, { skip: 0, take: 10 })).rows).toEqual([appended]);
      });

      it("fails calls while the database stops under a running store, and recovers when it returns", async () => {
        const store = stores[0]!;
        await server!.pause();
        const started = Date.now();
        expect(await store.ping()).toBe(false);
        await expect(store.auditLog.distinctActions()).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(5000);

        await server!.resume();
        expect(await store.ping()).toBe(true);
        expect(await store.auditLog.distinctActions()).toEqual(["signInRefused"]);
      });
    });
  },
);
