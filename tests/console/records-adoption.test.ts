// A database made by the hand-kept migrations of decision 055 (the audit log, rollouts and the
// maintenance claim, bookkept in schema_migrations) is adopted by the records layer as it is:
// its records read back whole, new ones follow them, its claims still hold, and its schema is
// the one a new database gets (docs/decisions/071-one-records-layer.md).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { actionGroup, type AuditRecord, type AuditUser } from "~/records/audit-log";
import type { DurableStore } from "~/records/durable-store";
import type { RolloutOptions } from "~/records/rollouts";
import { recordsMigrations } from "../../server/records/layer/migrations";
import { createPostgresRecords, createSqliteRecords } from "../../server/records/records-store";
import { postgres055Schema, sqlite055Schema } from "../support/records-055-schema";
import { startPostgresqlServer, withClient, type PostgresqlServer } from "../support/postgresql-server";
import { missingPrograms } from "../support/system-programs";

const ada: AuditUser = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };
const options: RolloutOptions = {
  versions: { "MCS-X": "2.4.1" },
  firstWaveSize: 1,
  waveSize: 2,
  stationTimeoutMs: 600_000,
  updateNow: false,
  eulaAcceptedAt: "2025-03-01T09:59:00.000Z",
};

/** The record the old code stored, as the audit log hands it out. */
const kept: AuditRecord = {
  id: "kept-1",
  time: "2025-03-01T10:00:00.000Z",
  requestId: "request-kept",
  user: ada,
  action: "channel.saveName",
  target: { kind: "channel", serialNumber: "MCS-0001", channelIndex: 2, label: "Stage" },
  changes: [{ field: "name", old: "Channel 2", new: "Stage" }],
  outcome: { kind: "failed", managerStatus: 503, message: "noInternet" },
};
const rolloutCreatedAt = "2025-03-01T09:00:00.000Z";
/** The day's retention claim the old code won last. */
const claimedAt = "2025-06-01T03:00:00.000Z";

/** The old code's rows, in its column order; times as `time` makes them. */
function oldRows(time: (iso: string) => unknown) {
  return {
    audit: [
      kept.id,
      time(kept.time),
      kept.requestId,
      ada.id,
      ada.name,
      ada.role,
      kept.action,
      actionGroup(kept.action),
      kept.target.kind,
      kept.target.serialNumber,
      kept.target.channelIndex,
      null,
      kept.target.label,
      JSON.stringify(kept.changes),
      kept.outcome.kind,
      JSON.stringify(kept.outcome),
    ],
    rollout: [time(rolloutCreatedAt), JSON.stringify(ada), time(rolloutCreatedAt), "running", JSON.stringify(options)],
    station: ["MCS-0001", "MCS-X", "2.4.1", 0, "waiting", time(rolloutCreatedAt)],
    claim: ["audit retention", time(claimedAt)],
  };
}

const insertAudit = (placeholders: string[]) =>
  `INSERT INTO audit_records (id, time, request_id, user_id, user_name, user_role, action, action_group, target_kind,
     serial_number, channel_index, target_id, target_label, changes, outcome_kind, outcome) VALUES (${placeholders.join(", ")})`;

/** What the adopted store must do with the old records; `rolloutId` is the old rollout's. */
async function expectAdopted(store: DurableStore, rolloutId: string) {
  await store.ready();
  expect(await store.auditLog.query({}, { skip: 0, take: 10 })).toEqual({
    rows: [kept],
    total: 1,
    totalIsExact: true,
  });
  expect(
    (await store.auditLog.query({ userId: ada.id, action: { startsWith: "channel." } }, { skip: 0, take: 10 })).rows,
  ).toEqual([kept]);
  expect(await store.auditLog.distinctUsers()).toEqual([ada]);
  // A record appended now at the same time comes after the old one: its sequence goes on.
  const appended = await store.auditLog.append({ ...kept, id: undefined, requestId: "request-new" });
  expect((await store.auditLog.query({}, { skip: 0, take: 10 })).rows).toEqual([appended, kept]);

  expect(await store.rollouts.get(rolloutId)).toMatchObject({
    id: rolloutId,
    createdAt: rolloutCreatedAt,
    createdBy: ada,
    options,
    state: "running",
    stationCounts: { waiting: 1 },
  });
  expect(await store.rollouts.markUpdateSent(rolloutId, "MCS-0001")).toBe(true);
  expect(await store.rollouts.markUpdateSent(rolloutId, "MCS-0001")).toBe(false);
  const created = await store.rollouts.create({
    createdBy: ada,
    options,
    stations: [{ serialNumber: "MCS-0002", wave: 0 }],
  });
  expect(Number(created.id)).toBeGreaterThan(Number(rolloutId));

  // The old code's claim of the day still holds.
  const claimed = Date.parse(claimedAt);
  expect(await store.retentionDue(new Date(claimed + 60 * 60 * 1000))).toBe(false);
  expect(await store.retentionDue(new Date(claimed + 24 * 60 * 60 * 1000))).toBe(true);
}

const tables = ["audit_records", "rollouts", "rollout_stations", "maintenance"];

describe("a records database made by decision 055's migrations", () => {
  describe("on SQLite", () => {
    const directory = mkdtempSync(join(tmpdir(), "records-adoption-"));
    const stores: DurableStore[] = [];
    afterAll(async () => {
      for (const store of stores) await store.close();
      rmSync(directory, { recursive: true, force: true });
    });

    function schemaOf(file: string) {
      const database = new DatabaseSync(file, { readOnly: true });
      try {
        return tables.map((table) => {
          const created = database.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(table) as {
            sql: string;
          };
          const indexes = database.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number }[];
          return {
            table,
            autoincrement: /autoincrement/i.test(created.sql),
            columns: database
              .prepare(`PRAGMA table_info(${table})`)
              .all()
              .map((column) => ({ ...column, type: String(column.type).toLowerCase() })),
            indexes: indexes
              .map((index) => ({
                ...index,
                columns: database
                  .prepare(`PRAGMA index_info(${JSON.stringify(index.name)})`)
                  .all()
                  .map((column) => column.name),
              }))
              .sort((a, b) => a.name.localeCompare(b.name)),
            foreignKeys: database.prepare(`PRAGMA foreign_key_list(${table})`).all(),
          };
        });
      } finally {
        database.close();
      }
    }

    it("is adopted with its records, keeps its old bookkeeping, and has a new database's schema", async () => {
      const file = join(directory, "old.sqlite");
      const old = new DatabaseSync(file);
      old.exec(sqlite055Schema);
      const rows = oldRows((iso) => Date.parse(iso));
      old.prepare(insertAudit(rows.audit.map(() => "?"))).run(...(rows.audit as (string | number | null)[]));
      const { id } = old
        .prepare(
          `INSERT INTO rollouts (created_at, created_by, updated_at, state, options, reason, current_wave)
           VALUES (?, ?, ?, ?, ?, NULL, 0) RETURNING id`,
        )
        .get(...(rows.rollout as (string | number)[])) as { id: number };
      old
        .prepare(
          `INSERT INTO rollout_stations (rollout_id, serial_number, station_type, version, wave, state, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, ...(rows.station as (string | number)[]));
      old.prepare("INSERT INTO maintenance (name, last_run) VALUES (?, ?)").run(...(rows.claim as (string | number)[]));
      old.close();

      const store = createSqliteRecords(file);
      stores.push(store);
      await expectAdopted(store, String(id));

      const database = new DatabaseSync(file, { readOnly: true });
      try {
        expect(
          database
            .prepare("SELECT name FROM kysely_migration ORDER BY name")
            .all()
            .map((row) => row.name),
        ).toEqual(Object.keys(recordsMigrations));
        // Left as it was: a console of the old code started beside this one still finds its schema done.
        expect(
          database
            .prepare("SELECT version FROM schema_migrations ORDER BY version")
            .all()
            .map((row) => row.version),
        ).toEqual([1, 2, 3]);
      } finally {
        database.close();
      }

      const fresh = createSqliteRecords(join(directory, "new.sqlite"));
      stores.push(fresh);
      await fresh.ready();
      expect(schemaOf(join(directory, "new.sqlite"))).toEqual(schemaOf(file));
    });
  });

  const missing = missingPrograms("postgresql");
  describe.skipIf(missing !== null)(missing ? `on PostgreSQL (skipped: ${missing})` : "on PostgreSQL", () => {
    let server: PostgresqlServer | null = null;
    const stores: DurableStore[] = [];
    afterAll(async () => {
      for (const store of stores) await store.close();
      await server?.stop();
    });

    const schemaOf = (url: string) =>
      withClient(url, async (client) => {
        const columns = await client.query(
          `SELECT table_name, column_name, ordinal_position, data_type, collation_name, is_nullable, column_default,
                  is_identity, identity_generation
           FROM information_schema.columns WHERE table_name = ANY($1) ORDER BY table_name, ordinal_position`,
          [tables],
        );
        const indexes = await client.query(
          "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE tablename = ANY($1) ORDER BY indexname",
          [tables],
        );
        const constraints = await client.query(
          `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
           FROM pg_constraint WHERE conrelid::regclass::text = ANY($1) ORDER BY conname`,
          [tables],
        );
        return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
      });

    it("is adopted with its records, keeps its old bookkeeping, and has a new database's schema", async () => {
      server = await startPostgresqlServer();
      const url = await server.createDatabase();
      const id = await withClient(url, async (client) => {
        await client.query(postgres055Schema);
        const rows = oldRows((iso) => new Date(iso));
        await client.query(insertAudit(rows.audit.map((_, index) => `$${index + 1}`)), rows.audit);
        const inserted = await client.query<{ id: string }>(
          `INSERT INTO rollouts (created_at, created_by, updated_at, state, options, reason, current_wave)
           VALUES ($1, $2, $3, $4, $5, NULL, 0) RETURNING id`,
          rows.rollout,
        );
        const rolloutId = inserted.rows[0]!.id;
        await client.query(
          `INSERT INTO rollout_stations (rollout_id, serial_number, station_type, version, wave, state, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [rolloutId, ...rows.station],
        );
        await client.query("INSERT INTO maintenance (name, last_run) VALUES ($1, $2)", rows.claim);
        return String(rolloutId);
      });

      const store = createPostgresRecords(url);
      stores.push(store);
      await expectAdopted(store, id);
      await withClient(url, async (client) => {
        expect(
          (await client.query("SELECT name FROM kysely_migration ORDER BY name")).rows.map((row) => row.name),
        ).toEqual(Object.keys(recordsMigrations));
        expect(
          (await client.query("SELECT version FROM schema_migrations ORDER BY version")).rows.map((row) => row.version),
        ).toEqual([1, 2, 3]);
      });

      const freshUrl = await server.createDatabase();
      const fresh = createPostgresRecords(freshUrl);
      stores.push(fresh);
      await fresh.ready();
      expect(await schemaOf(freshUrl)).toEqual(await schemaOf(url));
    });
  });
});
