// The durable store's contract, run against each implementation (durable-store.*.test.ts). Each
// test gets a database of its own; "two instances" are two clients of it, as two console
// processes or instances would open it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  matchesAuditFilter,
  type AuditChange,
  type AuditFilter,
  type AuditOutcome,
  type AuditRecord,
  type AuditUser,
  type NewAuditRecord,
} from "~/records/audit-log";
import type { DurableStore } from "~/records/durable-store";
import type { NewRollout, RolloutOptions } from "~/records/rollouts";
import { runRetention } from "../../server/records/retention";

export interface RecordsDatabase {
  /** A new client of this database. */
  open(): DurableStore;
  /**
   * Opens it from `count` clients at the same moment — for SQLite separate processes, for
   * PostgreSQL separate pools — and waits until each is ready.
   */
  openAtOnce(count: number): Promise<void>;
  /** Every audit row as the database holds it, as text: what an operator or a backup sees. */
  rawAuditText(): Promise<string>;
  /** The applied migrations (kysely_migration), each by its number in the known list, one entry per row. */
  appliedMigrations(): Promise<number[]>;
  /** The migrations the code knows. */
  knownMigrations: number;
}

export interface RecordsBackend {
  newDatabase(): Promise<RecordsDatabase>;
  stop(): Promise<void>;
}

const ada: AuditUser = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };
const bob: AuditUser = { id: "subject-bob", name: "Bob Owner", role: "Owner" };
const cy: AuditUser = { id: "subject-cy", name: "Cy Moderator", role: "Moderator" };

const done: AuditOutcome = { kind: "done" };

function record(overrides: Partial<NewAuditRecord> = {}): NewAuditRecord {
  return {
    time: "2025-03-01T10:00:00.000Z",
    requestId: "request-1",
    user: ada,
    action: "station.rename",
    target: { kind: "station", serialNumber: "MCS-0001", label: "Hall left" },
    changes: [{ field: "name", old: "Hall", new: "Hall left" }],
    outcome: done,
    ...overrides,
  };
}

/** A small deterministic generator, so a failure can be reproduced. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const actions = [
  "station.rename",
  "station.reboot",
  "channel.savePin",
  "signIn",
  "signOut",
  "signInRefused",
  "bulk.reboot",
  "settings.save",
];
const outcomes: AuditOutcome[] = [
  done,
  { kind: "refused", reason: "permission" },
  { kind: "refused", reason: "validation", detail: "name: too long" },
  { kind: "refused", reason: "oncePerSubmission" },
  { kind: "failed", managerStatus: 503, message: "noInternet" },
  { kind: "failed" },
];

/** 160 records over about four days, some at the same millisecond as the one before. */
function sampleRecords(): NewAuditRecord[] {
  const random = randomFrom(28);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  let time = Date.parse("2025-03-01T00:00:00.000Z");
  return Array.from({ length: 160 }, (_, index) => {
    if (index % 5 !== 0) time += Math.floor(random() * 60) * 60_000;
    const action = pick(actions);
    const serialNumber = pick(["MCS-0001", "MCS-0002", "MCS-0003", null]);
    const target: NewAuditRecord["target"] = action.startsWith("channel.")
      ? { kind: "channel", serialNumber: serialNumber ?? "MCS-0004", channelIndex: index % 4 }
      : action.startsWith("station.")
        ? { kind: "station", serialNumber: serialNumber ?? "MCS-0004" }
        : action.startsWith("sign")
          ? { kind: "session" }
          : { kind: serialNumber ? "station" : "settings", ...(serialNumber ? { serialNumber } : {}) };
    return {
      time: new Date(time).toISOString(),
      requestId: `request-${index}`,
      user: action === "signInRefused" ? null : pick([ada, bob, cy]),
      action,
      target,
      changes: action === "station.rename" ? [{ field: "name", old: `old ${index}`, new: `new ${index}` }] : [],
      outcome: pick(outcomes),
    };
  });
}

/** What the store must answer, worked out here: the filter over the records in the order appended. */
function expectedIds(appended: AuditRecord[], filter: AuditFilter): string[] {
  const matches = appended.filter((candidate) => matchesAuditFilter(candidate, filter));
  // Newest first; of equal times the one appended last first.
  return matches
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => Date.parse(b.candidate.time) - Date.parse(a.candidate.time) || b.index - a.index)
    .map(({ candidate }) => candidate.id);
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

const options: RolloutOptions = {
  versions: { "MCS-X": "2.4.1", "MCS-Y": "1.9.0" },
  firstWaveSize: 1,
  waveSize: 2,
  stationTimeoutMs: 600_000,
  updateNow: false,
  eulaAcceptedAt: "2025-03-01T09:59:00.000Z",
};

function rollout(serialNumbers: string[], createdAt?: Date): NewRollout {
  return {
    createdBy: ada,
    options,
    createdAt,
    stations: serialNumbers.map((serialNumber, index) => ({
      serialNumber,
      wave: index === 0 ? 0 : 1 + Math.floor((index - 1) / 2),
      stationType: "MCS-X",
      version: "2.4.1",
    })),
  };
}

export function durableStoreContract(startBackend: () => Promise<RecordsBackend>) {
  let backend: RecordsBackend;
  const opened: DurableStore[] = [];

  /** A new database and `count` clients of it. */
  async function fresh(count = 1) {
    const database = await backend.newDatabase();
    const stores = Array.from({ length: count }, () => {
      const store = database.open();
      opened.push(store);
      return store;
    });
    await Promise.all(stores.map((store) => store.ready()));
    // Typed as two: a test destructures as many as it asked for.
    return { database, stores: stores as [DurableStore, DurableStore] };
  }

  beforeAll(async () => {
    backend = await startBackend();
  });

  afterAll(async () => {
    for (const store of opened) await store.close();
    await backend?.stop();
  });

  describe("the audit log", () => {
    it("stores a record as given and gives it an id; another instance reads it back whole", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const appended = await first.auditLog.append(
        record({
          time: "2025-03-01T10:00:00.123+01:00",
          action: "channel.saveName",
          target: { kind: "channel", serialNumber: "MCS-0007", channelIndex: 2, label: "Stage" },
          changes: [
            { field: "name", old: "Channel 2", new: "Stage" },
            { field: "uplinkEnabled", old: false, new: true },
            { field: "gains", new: [1, 2.5, null] },
          ],
          outcome: { kind: "failed", managerStatus: 503, message: "noInternet" },
        }),
      );
      expect(appended.id).toMatch(/\S/);
      expect(appended.time).toBe("2025-03-01T09:00:00.123Z");
      const refused = await second.auditLog.append(
        record({
          id: "given-id",
          user: null,
          action: "signInRefused",
          target: { kind: null },
          changes: [],
          outcome: { kind: "refused", reason: "validation", detail: "unknown user" },
        }),
      );
      expect(refused.id).toBe("given-id");

      const { rows, total } = await second.auditLog.query({}, { skip: 0, take: 10 });
      expect(total).toBe(2);
      // The refused sign-in is newer (10:00 UTC against 09:00 UTC).
      expect(rows).toEqual([refused, appended]);
      expect(rows[1]).toEqual({
        id: appended.id,
        time: "2025-03-01T09:00:00.123Z",
        requestId: "request-1",
        user: ada,
        action: "channel.saveName",
        target: { kind: "channel", serialNumber: "MCS-0007", channelIndex: 2, label: "Stage" },
        changes: [
          { field: "name", old: "Channel 2", new: "Stage" },
          { field: "uplinkEnabled", old: false, new: true },
          { field: "gains", new: [1, 2.5, null] },
        ],
        outcome: { kind: "failed", managerStatus: 503, message: "noInternet" },
      });
      expect(rows[0]).toMatchObject({ user: null, target: { kind: null } });
    });

    it("keeps secret fields as 'changed' only: a value given with one is never stored", async () => {
      const {
        database,
        stores: [store],
      } = await fresh();
      const pinChange = { field: "pin", secret: true, old: "123456", new: "654321" } as unknown as AuditChange;
      const appended = await store.auditLog.append(
        record({
          action: "channel.savePin",
          changes: [pinChange, { field: "pinEnabled", old: false, new: true }, { field: "image", secret: true }],
        }),
      );
      const expected = [
        { field: "pin", secret: true },
        { field: "pinEnabled", old: false, new: true },
        { field: "image", secret: true },
      ];
      expect(appended.changes).toEqual(expected);
      const { rows } = await store.auditLog.query({}, { skip: 0, take: 1 });
      expect(rows[0]!.changes).toEqual(expected);
      const raw = await database.rawAuditText();
      expect(raw).toContain("pinEnabled");
      expect(raw).not.toContain("123456");
      expect(raw).not.toContain("654321");
    });

    it("answers every filter and page newest first, with the total that matches", async () => {
      const {
        stores: [store],
      } = await fresh();
      const appended: AuditRecord[] = [];
      for (const sample of sampleRecords()) appended.push(await store.auditLog.append(sample));
      const day = (text: string) => new Date(`${text}T00:00:00.000Z`);
      const filters: AuditFilter[] = [
        {},
        { userId: ada.id },
        { userId: "nobody" },
        { serialNumber: "MCS-0002" },
        { action: { equals: "station.rename" } },
        { action: { equals: "station" } },
        { action: { startsWith: "station." } },
        { action: { startsWith: "sign" } },
        { action: { startsWith: "signIn" } },
        { outcome: "done" },
        { outcome: "refused" },
        { outcome: "failed" },
        { from: day("2025-03-02") },
        { to: day("2025-03-02") },
        { from: day("2025-03-02"), to: day("2025-03-03") },
        // An exact record's time: from includes it, to excludes it.
        { from: new Date(appended[40]!.time), to: new Date(appended[80]!.time) },
        { userId: bob.id, action: { startsWith: "station." }, outcome: "done", from: day("2025-03-01") },
        { serialNumber: "MCS-0001", outcome: "failed", to: day("2025-03-04") },
        { serialNumber: "MCS-0002", action: { equals: "station.rename" } },
        { serialNumber: "MCS-0003", action: { startsWith: "channel." }, userId: cy.id },
        { action: { equals: "bulk.reboot" }, outcome: "refused" },
        { userId: ada.id, action: { startsWith: "sign" } },
        { from: day("2030-01-01") },
      ];
      for (const filter of filters) {
        const expected = expectedIds(appended, filter);
        const all = await store.auditLog.query(filter, { skip: 0, take: 1000 });
        expect(
          all.rows.map((row) => row.id),
          JSON.stringify(filter),
        ).toEqual(expected);
        expect(all.total, JSON.stringify(filter)).toBe(expected.length);
        // Page by page, the same rows in the same order; past the end, none but the same total.
        const pages: string[] = [];
        for (let skip = 0; skip < expected.length + 7; skip += 7) {
          const page = await store.auditLog.query(filter, { skip, take: 7 });
          expect(page.total).toBe(expected.length);
          pages.push(...page.rows.map((row) => row.id));
        }
        expect(pages, JSON.stringify(filter)).toEqual(expected);
      }
      expect(expectedIds(appended, { action: { startsWith: "station." } }).length).toBeGreaterThan(10);
      // A count that stops early says so; one that does not reach its limit is exact.
      const matching = expectedIds(appended, { outcome: "done" }).length;
      expect(await store.auditLog.query({ outcome: "done" }, { skip: 0, take: 3, countUpTo: 10 })).toMatchObject({
        total: 10,
        totalIsExact: false,
      });
      expect(await store.auditLog.query({ outcome: "done" }, { skip: 0, take: 3, countUpTo: matching })).toMatchObject({
        total: matching,
        totalIsExact: true,
      });
      expect(await store.auditLog.query({}, { skip: 0, take: 3 })).toMatchObject({ total: 160, totalIsExact: true });
      // A filter on a station finds its channels' records too.
      const station = await store.auditLog.query({ serialNumber: "MCS-0001" }, { skip: 0, take: 1000 });
      expect(new Set(station.rows.map((row) => row.target.kind))).toContain("channel");
    });

    it("orders records of the same time by when they were appended, the last first", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const ids: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const store = index % 2 === 0 ? first : second;
        ids.push((await store.auditLog.append(record({ requestId: `same-${index}` }))).id);
      }
      const { rows } = await first.auditLog.query({}, { skip: 0, take: 10 });
      expect(rows.map((row) => row.id)).toEqual(ids.reverse());
    });

    it("stores a record once by its id, whichever instance writes it again (the spool's replay)", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const given = record({ id: "spooled-1", requestId: "written-twice" });
      await Promise.all([first.auditLog.append(given), second.auditLog.append(given)]);
      await first.auditLog.append({ ...given, action: "station.reboot" });
      await first.auditLog.append(record({ id: "spooled-2", requestId: "after" }));
      const { rows, total } = await second.auditLog.query({}, { skip: 0, take: 10 });
      expect(total).toBe(2);
      expect(rows.map((row) => [row.id, row.action])).toEqual([
        ["spooled-2", "station.rename"],
        ["spooled-1", "station.rename"],
      ]);
    });

    it("streams every matching record newest first, across batch borders inside equal times", async () => {
      const {
        stores: [store],
      } = await fresh();
      const base = Date.parse("2025-04-01T00:00:00.000Z");
      // 600 records, 50 at each time: batches of 64 end in the middle of a time.
      const appended: AuditRecord[] = [];
      for (let index = 0; index < 600; index += 1) {
        appended.push(
          await store.auditLog.append(
            record({
              time: new Date(base + Math.floor(index / 50) * 1000).toISOString(),
              requestId: `stream-${index}`,
              user: index % 3 === 0 ? bob : ada,
            }),
          ),
        );
      }
      const streamed = await collect(store.auditLog.stream({}, { batchSize: 64 }));
      expect(streamed.map((row) => row.id)).toEqual(expectedIds(appended, {}));
      expect(new Set(streamed.map((row) => row.id)).size).toBe(600);
      expect(streamed[0]).toEqual(appended[599]);

      const filter: AuditFilter = { userId: bob.id, from: new Date(base + 2000) };
      const filtered = await collect(store.auditLog.stream(filter, { batchSize: 64 }));
      expect(filtered.map((row) => row.id)).toEqual(expectedIds(appended, filter));
      // Exactly one batch's worth, and the default batch size.
      expect(
        await collect(store.auditLog.stream({ userId: bob.id, to: new Date(base + 1000) }, { batchSize: 17 })),
      ).toHaveLength(17);
      expect((await collect(store.auditLog.stream({}))).length).toBe(600);
      expect(await collect(store.auditLog.stream({ userId: "nobody" }))).toEqual([]);
    });

    it("lists the users with their latest name and role, and the actions, for the filter form", async () => {
      const {
        stores: [store],
      } = await fresh();
      expect(await store.auditLog.distinctUsers()).toEqual([]);
      expect(await store.auditLog.distinctActions()).toEqual([]);
      await store.auditLog.append(record({ user: bob, action: "station.reboot", time: "2025-03-01T10:00:00.000Z" }));
      await store.auditLog.append(record({ user: ada, action: "signIn", time: "2025-03-01T11:00:00.000Z" }));
      // Ada's newer name and role win over the older record appended later.
      await store.auditLog.append(
        record({ user: { ...ada, name: "Ada K. Lovelace", role: "Owner" }, time: "2025-03-02T10:00:00.000Z" }),
      );
      await store.auditLog.append(record({ user: { ...ada, name: "A. L." }, time: "2025-02-01T10:00:00.000Z" }));
      await store.auditLog.append(record({ user: null, action: "signInRefused" }));
      await store.auditLog.append(record({ user: cy, action: "station.reboot" }));

      expect(await store.auditLog.distinctUsers()).toEqual([
        { id: ada.id, name: "Ada K. Lovelace", role: "Owner" },
        bob,
        cy,
      ]);
      expect(await store.auditLog.distinctActions()).toEqual([
        "signIn",
        "signInRefused",
        "station.reboot",
        "station.rename",
      ]);
      expect(await store.auditLog.distinctActions(2)).toEqual(["signIn", "signInRefused"]);
      expect(await store.auditLog.distinctUsers(2)).toHaveLength(2);
    });

    it("removes the records older than a time, and only those", async () => {
      const {
        stores: [store],
      } = await fresh();
      const days = ["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-04"];
      for (const [index, day] of days.entries()) {
        for (let count = 0; count < 3; count += 1) {
          await store.auditLog.append(
            record({ time: `${day}T12:00:00.000Z`, user: index === 0 ? cy : ada, action: `action.${index}` }),
          );
        }
      }
      expect(await store.auditLog.removeOlderThan(new Date("2025-01-01T00:00:00.000Z"))).toBe(0);
      expect(await store.auditLog.removeOlderThan(new Date("2025-01-03T12:00:00.000Z"))).toBe(6);
      const { rows, total } = await store.auditLog.query({}, { skip: 0, take: 100 });
      expect(total).toBe(6);
      expect(rows.every((row) => row.time >= "2025-01-03T12:00:00.000Z")).toBe(true);
      // Nobody is offered in the filter form who has no records left.
      expect(await store.auditLog.distinctUsers()).toEqual([ada]);
      expect(await store.auditLog.distinctActions()).toEqual(["action.2", "action.3"]);
    });
  });

  describe("retention", () => {
    it("falls to exactly one of two instances a day, however many ask at once", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const now = new Date("2025-06-01T03:00:00.000Z");
      const askAtOnce = async (at: Date) =>
        (
          await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).retentionDue(at)))
        ).filter(Boolean).length;
      expect(await askAtOnce(now)).toBe(1);
      expect(await askAtOnce(new Date(now.getTime() + 60 * 60 * 1000))).toBe(0);
      expect(await askAtOnce(new Date(now.getTime() + 23 * 60 * 60 * 1000))).toBe(0);
      expect(await askAtOnce(new Date(now.getTime() + 24 * 60 * 60 * 1000))).toBe(1);
    });

    it("removes what is older than the retention days when the day's run is this instance's", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const now = new Date("2025-06-01T03:00:00.000Z");
      await first.auditLog.append(record({ time: "2025-05-01T02:00:00.000Z" }));
      await first.auditLog.append(record({ time: "2025-05-01T04:00:00.000Z" }));
      const runs = await Promise.all([runRetention(first, 31, now), runRetention(second, 31, now)]);
      expect(runs.filter((removed) => removed !== null)).toEqual([1]);
      expect((await second.auditLog.query({}, { skip: 0, take: 10 })).total).toBe(1);
    });
  });

  describe("migrations", () => {
    it("are applied once when two instances open a new database at the same moment", async () => {
      const database = await backend.newDatabase();
      await database.openAtOnce(2);
      const applied = await database.appliedMigrations();
      expect(applied).toEqual(Array.from({ length: database.knownMigrations }, (_, index) => index + 1));
      // A later start finds nothing left to do and works on the same schema.
      const store = database.open();
      opened.push(store);
      await store.ready();
      await store.auditLog.append(record());
      expect(await database.appliedMigrations()).toEqual(applied);
      expect(await store.ping()).toBe(true);
    });
  });

  describe("rollouts", () => {
    it("are created with their stations and read back by another instance", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const created = await first.rollouts.create({
        ...rollout(["MCS-0001", "MCS-0002", "MCS-0003"], new Date("2025-03-01T10:00:00.000Z")),
        stations: [
          ...rollout(["MCS-0001", "MCS-0002", "MCS-0003"]).stations,
          { serialNumber: "MCS-0009", wave: 2, state: "skipped", message: "listeners connected" },
        ],
      });
      expect(created).toMatchObject({
        createdAt: "2025-03-01T10:00:00.000Z",
        createdBy: ada,
        state: "running",
        options,
        reason: null,
        currentWave: 0,
        endedAt: null,
        stationCounts: { waiting: 3, updating: 0, done: 0, failed: 0, skipped: 1, cancelled: 0 },
      });
      expect(await second.rollouts.get(created.id)).toEqual(created);
      const stations = await second.rollouts.stations(created.id);
      expect(stations.map((station) => [station.serialNumber, station.wave, station.state])).toEqual([
        ["MCS-0001", 0, "waiting"],
        ["MCS-0002", 1, "waiting"],
        ["MCS-0003", 1, "waiting"],
        ["MCS-0009", 2, "skipped"],
      ]);
      expect(stations[0]).toMatchObject({
        rolloutId: created.id,
        stationType: "MCS-X",
        version: "2.4.1",
        updateSentAt: null,
        endedAt: null,
        message: null,
      });
      expect(stations[3]!.endedAt).not.toBeNull();
      expect((await second.rollouts.stations(created.id, { wave: 1 })).map((s) => s.serialNumber)).toEqual([
        "MCS-0002",
        "MCS-0003",
      ]);
      expect(await second.rollouts.stations(created.id, { states: ["skipped"] })).toHaveLength(1);
      for (const unknown of ["999999", "abc", "1; DROP TABLE rollouts", ""]) {
        expect(await second.rollouts.get(unknown)).toBeNull();
        expect(await second.rollouts.stations(unknown)).toEqual([]);
        expect(await second.rollouts.markUpdateSent(unknown, "MCS-0001")).toBe(false);
      }
    });

    it("send Update to a station exactly once, however many processes try at once", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const { id } = await first.rollouts.create(rollout(["MCS-0001", "MCS-0002", "MCS-0003"]));
      const at = new Date("2025-03-01T10:05:00.000Z");
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 ? first : second).rollouts.markUpdateSent(id, "MCS-0001", at),
        ),
      );
      expect(attempts.filter(Boolean)).toHaveLength(1);
      const [station] = await second.rollouts.stations(id, { wave: 0 });
      expect(station).toMatchObject({ state: "updating", updateSentAt: at.toISOString() });
      // Set back to waiting, it was still sent once: never again.
      expect(await first.rollouts.updateStation(id, "MCS-0001", { state: "waiting" })).toBe(true);
      expect(await second.rollouts.markUpdateSent(id, "MCS-0001")).toBe(false);
      // Not while the rollout is paused; again once it runs.
      expect(
        await first.rollouts.update(id, { state: "paused", reason: { code: "pausedByUser", by: bob } }),
      ).not.toBeNull();
      expect(await second.rollouts.markUpdateSent(id, "MCS-0002")).toBe(false);
      expect(await first.rollouts.update(id, { state: "running", reason: null }, ["paused"])).toMatchObject({
        state: "running",
        reason: null,
      });
      expect(await second.rollouts.markUpdateSent(id, "MCS-0002")).toBe(true);
      // Not to a station that is not in the rollout.
      expect(await second.rollouts.markUpdateSent(id, "MCS-0404")).toBe(false);
    });

    it("change state only from the states the caller expects, with the reason and the wave", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const { id } = await first.rollouts.create(rollout(["MCS-0001", "MCS-0002", "MCS-0003"]));
      const reason = { code: "stationFailed", serialNumber: "MCS-0001", detail: "UpdateFailed" };
      const paused = await first.rollouts.update(id, { state: "paused", reason }, ["running"]);
      expect(paused).toMatchObject({ state: "paused", reason, endedAt: null });
      // The driver's step, decided before the pause, does not overwrite it.
      expect(await second.rollouts.update(id, { currentWave: 1 }, ["running"])).toBeNull();
      expect(
        await second.rollouts.update(id, { state: "running", reason: null, currentWave: 1 }, ["paused"]),
      ).toMatchObject({
        state: "running",
        currentWave: 1,
        reason: null,
      });
      expect(
        await first.rollouts.updateStation(id, "MCS-0001", { state: "failed", message: "Rolledback" }, ["waiting"]),
      ).toBe(true);
      expect(await first.rollouts.updateStation(id, "MCS-0001", { state: "done" }, ["updating"])).toBe(false);
      const [failed] = await second.rollouts.stations(id, { wave: 0 });
      expect(failed).toMatchObject({ state: "failed", message: "Rolledback" });
      expect(failed!.endedAt).not.toBeNull();
      const finished = await second.rollouts.update(id, { state: "finished" });
      expect(finished!.endedAt).not.toBeNull();
      expect(finished!.stationCounts).toMatchObject({ waiting: 2, failed: 1 });
      expect(await second.rollouts.update("999999", { state: "paused" })).toBeNull();
    });

    it("cancel only the stations not yet started, and none is sent after", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const { id } = await first.rollouts.create(rollout(["MCS-0001", "MCS-0002", "MCS-0003", "MCS-0004"]));
      expect(await first.rollouts.markUpdateSent(id, "MCS-0001")).toBe(true);
      await first.rollouts.updateStation(id, "MCS-0001", { state: "done" });
      expect(await first.rollouts.markUpdateSent(id, "MCS-0002")).toBe(true);
      const cancelled = await second.rollouts.cancel(id, { code: "cancelledByUser", by: bob });
      expect(cancelled).toMatchObject({
        state: "cancelled",
        reason: { code: "cancelledByUser", by: bob },
        stationCounts: { done: 1, updating: 1, cancelled: 2, waiting: 0 },
      });
      expect(cancelled!.endedAt).not.toBeNull();
      expect(await first.rollouts.markUpdateSent(id, "MCS-0003")).toBe(false);
      // A rollout that has ended is not cancelled again.
      expect(await first.rollouts.cancel(id)).toBeNull();
    });

    it("name the stations a rollout still holds (waiting or updating) and which rollout holds each", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const { id } = await first.rollouts.create(rollout(["MCS-0001", "MCS-0002", "MCS-0003", "MCS-0004"]));
      expect(await first.rollouts.markUpdateSent(id, "MCS-0001")).toBe(true);
      await first.rollouts.updateStation(id, "MCS-0002", { state: "done" });
      await first.rollouts.updateStation(id, "MCS-0003", { state: "skipped", message: "alreadyCurrent" });
      expect(await second.rollouts.heldStations()).toEqual(
        new Map([
          ["MCS-0001", id],
          ["MCS-0004", id],
        ]),
      );
      // A cancel lets go of the stations not started; one still updating stays held until it ends.
      await second.rollouts.cancel(id);
      expect(await first.rollouts.heldStations()).toEqual(new Map([["MCS-0001", id]]));
    });

    it("are listed newest first, page by page, with the total, optionally by state", async () => {
      const {
        stores: [first, second],
      } = await fresh(2);
      const ids: string[] = [];
      for (let index = 0; index < 7; index += 1) {
        const store = index % 2 ? first : second;
        // Two of them at the same time: the later one created first in the list.
        const createdAt = new Date(Date.parse("2025-03-01T10:00:00.000Z") + Math.min(index, 5) * 60_000);
        ids.push((await store.rollouts.create(rollout([`MCS-${index}`], createdAt))).id);
      }
      await first.rollouts.update(ids[1]!, { state: "finished" });
      await first.rollouts.cancel(ids[3]!);
      const newestFirst = [...ids].reverse();
      const pages: string[] = [];
      for (let skip = 0; skip < 9; skip += 3) {
        const page = await second.rollouts.list({ skip, take: 3 });
        expect(page.total).toBe(7);
        pages.push(...page.rows.map((row) => row.id));
      }
      expect(pages).toEqual(newestFirst);
      const running = await first.rollouts.list({ skip: 0, take: 10 }, { states: ["running", "paused"] });
      expect(running.total).toBe(5);
      expect(running.rows.map((row) => row.id)).toEqual(newestFirst.filter((id) => id !== ids[1] && id !== ids[3]));
      expect(running.rows[0]!.stationCounts.waiting).toBe(1);
      expect(await first.rollouts.list({ skip: 0, take: 10 }, { states: [] })).toEqual({ rows: [], total: 0 });
    });
  });

  describe("durability", () => {
    it("keeps records and rollouts when every client closes and a new one opens", async () => {
      const database = await backend.newDatabase();
      const before = database.open();
      const appended = await before.auditLog.append(record({ requestId: "kept-request" }));
      const created = await before.rollouts.create(rollout(["MCS-0001"]));
      expect(await before.rollouts.markUpdateSent(created.id, "MCS-0001")).toBe(true);
      await before.close();

      const after = database.open();
      opened.push(after);
      expect((await after.auditLog.query({}, { skip: 0, take: 10 })).rows).toEqual([appended]);
      expect(await after.rollouts.get(created.id)).toMatchObject({ id: created.id, stationCounts: { updating: 1 } });
      expect(await after.rollouts.markUpdateSent(created.id, "MCS-0001")).toBe(false);
      expect(await after.ping()).toBe(true);
    });
  });
}
