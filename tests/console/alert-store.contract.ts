// The alerts' storage contract (issue 36), run against SQLite and PostgreSQL
// (alert-store.*.test.ts): the same rules, alerts, destinations and deliveries give the same
// answers on both. Each test gets a database of its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Alert, AlertStore, NewAlert } from "~/records/alerts";
import { createAlertStore } from "../../server/records/alert-store";
import { recordsMigrations } from "../../server/records/layer/migrations";
import { nodeSqliteDialect } from "../../server/records/layer/node-sqlite-dialect";
import { openSqliteLayer } from "../../server/records/layer/open-layer";

export interface AlertDatabase {
  /** A new client of this database (as another process or instance would open it). */
  open(): Promise<{ store: AlertStore; close(): Promise<void> }>;
}

export interface AlertBackend {
  newDatabase(): Promise<AlertDatabase>;
  stop(): Promise<void>;
}

const t0 = Date.UTC(2026, 3, 1, 12);
const minute = 60_000;
const day = 24 * 60 * minute;
const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };
const grace = { id: "subject-grace", name: "Grace Hopper", role: "Operator" };
const all = { skip: 0, take: 100 };

/** The body the evaluator would send: enough to tell which alert, change and delivery it is. */
const bodyOf = (alert: Alert, transition: string, deliveryId: string) =>
  JSON.stringify({ alert: alert.id, transition, deliveryId, resolvedAt: alert.resolvedAt });

function stationDown(ruleId: string, serialNumber: string, since = t0 - minute): NewAlert {
  return {
    ruleId,
    kind: "stationStopped",
    serialNumber,
    stationName: `Hall ${serialNumber}`,
    subject: "",
    subjectName: null,
    since,
  };
}

function channelSilent(ruleId: string, channelIndex: number, since = t0 - minute): NewAlert {
  return {
    ruleId,
    kind: "channelListenersZero",
    serialNumber: "MCS-1",
    stationName: "Hall MCS-1",
    subject: `channel:${channelIndex}`,
    subjectName: `Stage ${channelIndex}`,
    since,
  };
}

/**
 * A SQLite file migrated up to `last` only, with `fill` run on it then: a database an older
 * console made, as the next one finds it.
 */
async function sqliteFileAt(
  file: string,
  last: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of that migration's time, not today's
  fill: (db: Kysely<any>) => Promise<void>,
) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const db = new Kysely<any>({ dialect: nodeSqliteDialect(new DatabaseSync(file), file) });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => recordsMigrations } });
    const { error } = await migrator.migrateTo(last);
    if (error) throw error;
    await fill(db);
  } finally {
    await db.destroy();
  }
}

/** How long the evaluator lets an e-mail message gather alerts. */
const emailGroupMs = minute;

export function alertStoreContract(backendFactory: () => Promise<AlertBackend>) {
  let backend: AlertBackend;
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    backend = await backendFactory();
  });
  afterAll(async () => {
    for (const client of opened) await client.close();
    await backend?.stop();
  });

  async function freshStore() {
    const database = await backend.newDatabase();
    const client = await database.open();
    opened.push(client);
    return { database, store: client.store };
  }

  /** A store with a rule and two destinations. */
  async function watched() {
    const fresh = await freshStore();
    const { store } = fresh;
    const rule = await store.rules.create(
      { kind: "stationStopped", graceSeconds: 60, stations: [], duringEventsOnly: false, createdBy: ada },
      t0 - day,
    );
    const pager = await store.destinations.create(
      { name: "Pager", url: "https://pager.example/hook", secret: "pager-secret-0123456789", createdBy: ada },
      t0 - day,
    );
    const chat = await store.destinations.create(
      { name: "Chat", url: "https://chat.example/hook", secret: "chat-secret-0123456789", createdBy: ada },
      t0 - day,
    );
    return { ...fresh, rule, pager, chat };
  }

  /** A store with a rule, two webhooks and an e-mail destination (made last). */
  async function mailed() {
    const fresh = await watched();
    const mail = await fresh.store.destinations.create(
      { kind: "email", name: "On call", email: "oncall@example.org", language: "de", createdBy: grace },
      t0 - day,
    );
    return { ...fresh, mail };
  }

  /** Opens alerts at `now`, an e-mail's message gathering them for a minute as the evaluator's does. */
  const openAt = (store: AlertStore, alerts: NewAlert[], now: number) =>
    store.alerts.apply({ open: alerts, resolve: [] }, now, bodyOf, now + emailGroupMs);

  describe("rules", () => {
    it("creates and lists rules oldest first, and removes one, resolving its open alerts", async () => {
      const { store } = await freshStore();
      const stopped = await store.rules.create(
        {
          kind: "stationStopped",
          graceSeconds: 90,
          stations: ["MCS-1", "MCS-2"],
          duringEventsOnly: false,
          createdBy: ada,
        },
        t0,
      );
      const manager = await store.rules.create(
        { kind: "managerUnreachable", graceSeconds: 0, stations: [], duringEventsOnly: false, createdBy: grace },
        t0 + 1,
      );
      expect(stopped).toEqual({
        id: expect.any(String),
        kind: "stationStopped",
        graceSeconds: 90,
        stations: ["MCS-1", "MCS-2"],
        duringEventsOnly: false,
        createdBy: ada,
        createdAt: t0,
      });
      expect(await store.rules.list()).toEqual([stopped, manager]);

      await store.alerts.apply(
        {
          open: [
            stationDown(stopped.id, "MCS-1"),
            {
              ruleId: manager.id,
              kind: "managerUnreachable",
              serialNumber: "",
              stationName: null,
              subject: "",
              subjectName: null,
              since: t0,
            },
          ],
          resolve: [],
        },
        t0 + minute,
        bodyOf,
      );
      expect(await store.rules.remove(stopped.id, t0 + 2 * minute)).toEqual(stopped);
      expect(await store.rules.list()).toEqual([manager]);
      const open = await store.alerts.open();
      expect(open.map((alert) => alert.ruleId)).toEqual([manager.id]);
      const closed = (await store.alerts.list("resolved", all)).rows;
      expect(closed).toEqual([expect.objectContaining({ ruleId: stopped.id, resolvedAt: t0 + 2 * minute })]);

      expect(await store.rules.remove(stopped.id, t0 + 3 * minute)).toBeNull();
      expect(await store.rules.remove("not-a-rule", t0)).toBeNull();
      expect(await store.rules.remove("99999", t0)).toBeNull();
    });

    it("keeps whether a rule holds only during listening events", async () => {
      const { store } = await freshStore();
      const during = await store.rules.create(
        { kind: "channelListenersZero", graceSeconds: 30, stations: ["MCS-1"], duringEventsOnly: true, createdBy: ada },
        t0,
      );
      const always = await store.rules.create(
        { kind: "channelListenersZero", graceSeconds: 30, stations: [], duringEventsOnly: false, createdBy: ada },
        t0,
      );
      expect(during).toMatchObject({ kind: "channelListenersZero", duringEventsOnly: true });
      expect(always.duringEventsOnly).toBe(false);
      expect(await store.rules.list()).toEqual([during, always]);
      expect(await store.rules.remove(during.id, t0)).toEqual(during);
    });
  });

  describe("apply", () => {
    it("opens once, queues a delivery per destination, resolves once, and queues that too", async () => {
      const { store, rule, pager, chat } = await watched();
      const first = await store.alerts.apply({ open: [stationDown(rule.id, "MCS-1")], resolve: [] }, t0, bodyOf);
      expect(first.resolved).toEqual([]);
      expect(first.opened).toEqual([
        {
          id: expect.any(String),
          ruleId: rule.id,
          kind: "stationStopped",
          serialNumber: "MCS-1",
          stationName: "Hall MCS-1",
          subject: "",
          subjectName: null,
          since: t0 - minute,
          openedAt: t0,
          resolvedAt: null,
          acknowledgedAt: null,
          acknowledgedBy: null,
        },
      ]);
      const alert = first.opened[0]!;
      expect(await store.alerts.get(alert.id)).toEqual(alert);

      const queued = await store.deliveries.due(t0, 100);
      expect(queued).toHaveLength(2);
      expect(queued.map((delivery) => delivery.destinationId).sort()).toEqual([pager.id, chat.id].sort());
      for (const delivery of queued) {
        const destination = delivery.destinationId === pager.id ? pager : chat;
        expect(delivery).toEqual({
          id: expect.any(String),
          destinationId: destination.id,
          destinationName: destination.name,
          alertId: alert.id,
          transition: "opened",
          idempotencyKey: `${alert.id}:opened`,
          createdAt: t0,
          state: "pending",
          attempts: 0,
          nextAttemptAt: t0,
          destinationKind: "webhook",
          url: destination.url,
          secret: destination === pager ? "pager-secret-0123456789" : "chat-secret-0123456789",
          email: null,
          language: null,
          body: bodyOf(alert, "opened", delivery.id),
        });
      }

      // The evaluator repeating itself: nothing opens, nothing is queued.
      const again = await store.alerts.apply({ open: [stationDown(rule.id, "MCS-1")], resolve: [] }, t0 + 1, bodyOf);
      expect(again).toEqual({ opened: [], resolved: [] });
      expect((await store.deliveries.pending(all)).total).toBe(2);
      expect(await store.alerts.open()).toEqual([alert]);

      const resolved = await store.alerts.apply({ open: [], resolve: [alert.id] }, t0 + 5 * minute, bodyOf);
      expect(resolved).toEqual({ opened: [], resolved: [{ ...alert, resolvedAt: t0 + 5 * minute }] });
      const resolvedDeliveries = (await store.deliveries.due(t0 + 5 * minute, 100)).filter(
        (delivery) => delivery.transition === "resolved",
      );
      expect(resolvedDeliveries).toHaveLength(2);
      for (const delivery of resolvedDeliveries) {
        expect(delivery).toMatchObject({
          alertId: alert.id,
          idempotencyKey: `${alert.id}:resolved`,
          createdAt: t0 + 5 * minute,
          nextAttemptAt: t0 + 5 * minute,
          body: bodyOf({ ...alert, resolvedAt: t0 + 5 * minute }, "resolved", delivery.id),
        });
      }

      expect(await store.alerts.apply({ open: [], resolve: [alert.id] }, t0 + 6 * minute, bodyOf)).toEqual({
        opened: [],
        resolved: [],
      });
      expect((await store.deliveries.pending(all)).total).toBe(4);
      expect(await store.alerts.open()).toEqual([]);

      // The same rule and station again: a new alert, with a new id and keys.
      const reopened = await store.alerts.apply(
        { open: [stationDown(rule.id, "MCS-1", t0 + 9 * minute)], resolve: [] },
        t0 + 10 * minute,
        bodyOf,
      );
      expect(reopened.opened).toHaveLength(1);
      expect(reopened.opened[0]!.id).not.toBe(alert.id);
      expect((await store.deliveries.pending(all)).total).toBe(6);
    });

    it("opens one alert per rule and station, none for a rule that is gone, and ignores ids of nothing", async () => {
      const { store, rule } = await watched();
      const other = await store.rules.create(
        { kind: "stationStopped", graceSeconds: 0, stations: ["MCS-1"], duringEventsOnly: false, createdBy: ada },
        t0,
      );
      const gone = await store.rules.create(
        { kind: "stationStopped", graceSeconds: 0, stations: [], duringEventsOnly: false, createdBy: ada },
        t0,
      );
      await store.rules.remove(gone.id, t0);
      const result = await store.alerts.apply(
        {
          open: [
            stationDown(rule.id, "MCS-1"),
            stationDown(rule.id, "MCS-2"),
            stationDown(rule.id, "MCS-1"),
            stationDown(other.id, "MCS-1"),
            stationDown(gone.id, "MCS-1"),
            stationDown("not-a-rule", "MCS-1"),
          ],
          resolve: ["not-an-alert", "99999"],
        },
        t0,
        bodyOf,
      );
      expect(result.opened.map((alert) => [alert.ruleId, alert.serialNumber])).toEqual([
        [rule.id, "MCS-1"],
        [rule.id, "MCS-2"],
        [other.id, "MCS-1"],
      ]);
      expect(result.resolved).toEqual([]);
      expect((await store.deliveries.pending(all)).total).toBe(6);
    });

    it("opens one alert per channel of a station under one rule, and one per subject however often asked", async () => {
      const { store, pager, chat } = await watched();
      const rule = await store.rules.create(
        { kind: "channelListenersZero", graceSeconds: 0, stations: [], duringEventsOnly: true, createdBy: ada },
        t0,
      );
      const first = await store.alerts.apply(
        { open: [channelSilent(rule.id, 1), channelSilent(rule.id, 2), channelSilent(rule.id, 1)], resolve: [] },
        t0,
        bodyOf,
      );
      expect(first.opened).toEqual([
        expect.objectContaining({ serialNumber: "MCS-1", subject: "channel:1", subjectName: "Stage 1" }),
        expect.objectContaining({ serialNumber: "MCS-1", subject: "channel:2", subjectName: "Stage 2" }),
      ]);
      const [one, two] = first.opened;
      expect(await store.alerts.get(two!.id)).toEqual(two);

      // Asked again, by the same or another client: nothing more.
      expect(await store.alerts.apply({ open: [channelSilent(rule.id, 2)], resolve: [] }, t0 + minute, bodyOf)).toEqual(
        { opened: [], resolved: [] },
      );
      // The station itself is a subject of its own under the same rule.
      const station = await store.alerts.apply(
        { open: [{ ...channelSilent(rule.id, 1), subject: "", subjectName: null }], resolve: [] },
        t0 + minute,
        bodyOf,
      );
      expect(station.opened.map((alert) => alert.subject)).toEqual([""]);
      // Resolved, the subject opens again: a new alert.
      await store.alerts.apply({ open: [], resolve: [one!.id] }, t0 + 2 * minute, bodyOf);
      const again = await store.alerts.apply(
        { open: [channelSilent(rule.id, 1), channelSilent(rule.id, 2)], resolve: [] },
        t0 + 3 * minute,
        bodyOf,
      );
      expect(again.opened.map((alert) => alert.subject)).toEqual(["channel:1"]);
      expect(again.opened[0]!.id).not.toBe(one!.id);
      expect((await store.alerts.open()).map((alert) => [alert.subject, alert.openedAt])).toEqual([
        ["channel:2", t0],
        ["", t0 + minute],
        ["channel:1", t0 + 3 * minute],
      ]);
      // Four openings and a resolution, to each destination.
      const { rows } = await store.deliveries.pending(all);
      expect(rows.filter((delivery) => delivery.destinationId === pager.id)).toHaveLength(5);
      expect(rows.filter((delivery) => delivery.destinationId === chat.id)).toHaveLength(5);
    });

    it("queues nothing when there is no destination", async () => {
      const { store } = await freshStore();
      const rule = await store.rules.create(
        { kind: "stationStopped", graceSeconds: 0, stations: [], duringEventsOnly: false, createdBy: ada },
        t0,
      );
      const result = await store.alerts.apply({ open: [stationDown(rule.id, "MCS-1")], resolve: [] }, t0, bodyOf);
      expect(result.opened).toHaveLength(1);
      expect(await store.deliveries.pending(all)).toEqual({ rows: [], total: 0 });
    });

    it("of two clients applying the same opening at once, one opens it and queues one delivery per destination", async () => {
      const { database, store, rule, pager, chat } = await watched();
      const other = await database.open();
      opened.push(other);
      const stations = ["MCS-1", "MCS-2", "MCS-3", "MCS-4", "MCS-5"];
      const changes = { open: stations.map((serialNumber) => stationDown(rule.id, serialNumber)), resolve: [] };
      const results = await Promise.all([
        store.alerts.apply(changes, t0, bodyOf),
        other.store.alerts.apply(changes, t0, bodyOf),
      ]);
      expect(results.flatMap((result) => result.opened.map((alert) => alert.serialNumber)).sort()).toEqual(stations);
      const open = await store.alerts.open();
      expect(open.map((alert) => alert.serialNumber).sort()).toEqual(stations);
      const { rows, total } = await store.deliveries.pending(all);
      expect(total).toBe(stations.length * 2);
      for (const alert of open) {
        expect(
          rows
            .filter((delivery) => delivery.alertId === alert.id)
            .map((delivery) => delivery.destinationId)
            .sort(),
        ).toEqual([pager.id, chat.id].sort());
      }

      // And resolving them at once from both: one resolution each.
      const ids = open.map((alert) => alert.id);
      const resolutions = await Promise.all([
        store.alerts.apply({ open: [], resolve: ids }, t0 + minute, bodyOf),
        other.store.alerts.apply({ open: [], resolve: ids }, t0 + minute, bodyOf),
      ]);
      expect(resolutions.flatMap((result) => result.resolved.map((alert) => alert.id)).sort()).toEqual([...ids].sort());
      expect((await store.deliveries.pending(all)).total).toBe(stations.length * 4);
    });
  });

  describe("deliveries", () => {
    it("are due oldest first, record their attempts once, and list attempts and pending ones", async () => {
      const { store, rule, pager, chat } = await watched();
      const first = (await store.alerts.apply({ open: [stationDown(rule.id, "MCS-1")], resolve: [] }, t0, bodyOf))
        .opened[0]!;
      await store.alerts.apply({ open: [stationDown(rule.id, "MCS-2")], resolve: [] }, t0 + minute, bodyOf);

      expect(await store.deliveries.due(t0 - 1, 10)).toEqual([]);
      const due = await store.deliveries.due(t0 + minute, 10);
      expect(due.map((delivery) => delivery.nextAttemptAt)).toEqual([t0, t0, t0 + minute, t0 + minute]);
      expect(await store.deliveries.due(t0 + minute, 3)).toHaveLength(3);
      const toPager = due.find((delivery) => delivery.alertId === first.id && delivery.destinationId === pager.id)!;
      const toChat = due.find((delivery) => delivery.alertId === first.id && delivery.destinationId === chat.id)!;

      await store.deliveries.recordAttempt(
        { deliveryId: toPager.id, attempt: 1, at: t0 + 1000, status: 503, error: null, durationMs: 120 },
        { state: "pending", nextAttemptAt: t0 + 10 * minute },
      );
      // The same attempt recorded again (a retried call): once.
      await store.deliveries.recordAttempt(
        { deliveryId: toPager.id, attempt: 1, at: t0 + 1000, status: 503, error: null, durationMs: 120 },
        { state: "pending", nextAttemptAt: t0 + 10 * minute },
      );
      await store.deliveries.recordAttempt(
        { deliveryId: toChat.id, attempt: 1, at: t0 + 2000, status: 204, error: null, durationMs: 80 },
        { state: "delivered", nextAttemptAt: null },
      );
      expect((await store.deliveries.due(t0 + minute, 10)).map((delivery) => delivery.alertId)).not.toContain(first.id);
      expect((await store.deliveries.due(t0 + 10 * minute, 10)).map((delivery) => delivery.id)).toContain(toPager.id);

      const pending = await store.deliveries.pending(all);
      expect(pending.total).toBe(3);
      expect(pending.rows.at(-1)).toEqual({
        id: toPager.id,
        destinationId: pager.id,
        destinationName: "Pager",
        destinationKind: "webhook",
        alertId: first.id,
        transition: "opened",
        idempotencyKey: `${first.id}:opened`,
        createdAt: t0,
        state: "pending",
        attempts: 1,
        nextAttemptAt: t0 + 10 * minute,
      });
      expect(pending.rows.map((delivery) => delivery.nextAttemptAt)).toEqual([
        t0 + minute,
        t0 + minute,
        t0 + 10 * minute,
      ]);
      expect(await store.deliveries.pending({ skip: 1, take: 1 })).toEqual({ rows: [pending.rows[1]], total: 3 });

      await store.deliveries.recordAttempt(
        {
          deliveryId: toPager.id,
          attempt: 2,
          at: t0 + 10 * minute,
          status: null,
          error: "timeout",
          durationMs: 10_000,
        },
        { state: "failed", nextAttemptAt: null },
      );
      const attempts = await store.deliveries.attempts(all);
      expect(attempts.total).toBe(3);
      expect(attempts.rows.map((row) => [row.deliveryId, row.attempt])).toEqual([
        [toPager.id, 2],
        [toChat.id, 1],
        [toPager.id, 1],
      ]);
      expect(attempts.rows[0]).toEqual({
        deliveryId: toPager.id,
        attempt: 2,
        at: t0 + 10 * minute,
        status: null,
        error: "timeout",
        durationMs: 10_000,
        delivery: { ...pending.rows.at(-1), state: "failed", attempts: 2, nextAttemptAt: null },
      });
      expect(attempts.rows[1]).toMatchObject({
        status: 204,
        error: null,
        delivery: { id: toChat.id, state: "delivered", attempts: 1 },
      });
      expect(await store.deliveries.attempts({ skip: 2, take: 5 })).toEqual({ rows: [attempts.rows[2]], total: 3 });
      expect((await store.deliveries.pending(all)).total).toBe(2);
    });

    it("pending of one destination: due or not, oldest first, with their bodies", async () => {
      const { store, rule, pager, mail } = await mailed();
      const first = (await openAt(store, [stationDown(rule.id, "MCS-1")], t0)).opened[0]!;
      const second = (await openAt(store, [stationDown(rule.id, "MCS-2")], t0 + 1000)).opened[0]!;
      const resolved = (
        await store.alerts.apply({ open: [], resolve: [first.id] }, t0 + 2000, bodyOf, t0 + 2000 + emailGroupMs)
      ).resolved[0]!;
      const toPager = (await store.deliveries.pendingOf(pager.id, 10)).map((delivery) => delivery.alertId);
      expect(toPager).toEqual([first.id, second.id, resolved.id]);
      // The first one to the pager was delivered; the first one to the e-mail destination too.
      const [firstToPager] = await store.deliveries.pendingOf(pager.id, 1);
      await store.deliveries.recordAttempt(
        { deliveryId: firstToPager!.id, attempt: 1, at: t0 + 3000, status: 200, error: null, durationMs: 5 },
        { state: "delivered", nextAttemptAt: null },
      );
      const [firstMail, ...restMail] = await store.deliveries.pendingOf(mail.id, 10);
      await store.deliveries.recordAttempt(
        { deliveryId: firstMail!.id, attempt: 1, at: t0 + 3000, status: 250, error: null, durationMs: 5 },
        { state: "delivered", nextAttemptAt: null },
      );

      // Not due yet (their message waits until t0 + 1 min), and listed all the same.
      const waiting = await store.deliveries.pendingOf(mail.id, 10);
      expect(waiting).toEqual(restMail);
      expect(waiting).toEqual([
        {
          id: expect.any(String),
          destinationId: mail.id,
          destinationName: "On call",
          alertId: second.id,
          transition: "opened",
          idempotencyKey: `${second.id}:opened`,
          createdAt: t0 + 1000,
          state: "pending",
          attempts: 0,
          nextAttemptAt: t0 + minute,
          destinationKind: "email",
          url: "",
          secret: "",
          email: "oncall@example.org",
          language: "de",
          body: bodyOf(second, "opened", waiting[0]!.id),
        },
        expect.objectContaining({
          alertId: first.id,
          transition: "resolved",
          nextAttemptAt: t0 + minute,
          body: bodyOf(resolved, "resolved", waiting[1]!.id),
        }),
      ]);
      expect(await store.deliveries.due(t0 + 3000, 10)).not.toContainEqual(waiting[0]);
      expect(await store.deliveries.pendingOf(mail.id, 1)).toEqual([waiting[0]]);
      expect((await store.deliveries.pendingOf(pager.id, 10)).map((delivery) => delivery.alertId)).toEqual([
        second.id,
        first.id,
      ]);
      expect(await store.deliveries.pendingOf("99999", 10)).toEqual([]);
      expect(await store.deliveries.pendingOf("nope", 10)).toEqual([]);
    });

    it("a test delivery goes to one destination, keyed by its own id", async () => {
      const { store, pager } = await watched();
      const bodies: string[] = [];
      const delivery = await store.destinations.queueTest(pager.id, t0, (deliveryId) => {
        bodies.push(deliveryId);
        return JSON.stringify({ test: true, deliveryId });
      });
      expect(delivery).toEqual({
        id: expect.any(String),
        destinationId: pager.id,
        destinationName: "Pager",
        destinationKind: "webhook",
        alertId: null,
        transition: "test",
        idempotencyKey: `test:${delivery!.id}`,
        createdAt: t0,
        state: "pending",
        attempts: 0,
        nextAttemptAt: t0,
      });
      expect(bodies).toEqual([delivery!.id]);
      expect(await store.deliveries.due(t0, 10)).toEqual([
        {
          ...delivery,
          destinationKind: "webhook",
          url: pager.url,
          secret: "pager-secret-0123456789",
          email: null,
          language: null,
          body: JSON.stringify({ test: true, deliveryId: delivery!.id }),
        },
      ]);
      const second = await store.destinations.queueTest(pager.id, t0 + 1, () => "{}");
      expect(second!.idempotencyKey).toBe(`test:${second!.id}`);
      expect(second!.id).not.toBe(delivery!.id);
      expect(await store.destinations.queueTest("99999", t0, () => "{}")).toBeNull();
      expect(await store.destinations.queueTest("nope", t0, () => "{}")).toBeNull();
    });
  });

  describe("e-mail destinations", () => {
    it("keep their address and language, with no URL or secret, and a test to one is due at once", async () => {
      const { store, pager, chat, mail } = await mailed();
      expect(mail).toEqual({
        id: expect.any(String),
        kind: "email",
        name: "On call",
        url: "",
        email: "oncall@example.org",
        language: "de",
        createdBy: grace,
        createdAt: t0 - day,
      });
      expect(await store.destinations.list()).toEqual([pager, chat, mail]);

      const test = await store.destinations.queueTest(mail.id, t0, () => "{}");
      expect(test).toMatchObject({ destinationId: mail.id, transition: "test", nextAttemptAt: t0 });
      expect(await store.deliveries.due(t0, 10)).toEqual([
        {
          ...test,
          destinationKind: "email",
          url: "",
          secret: "",
          email: "oncall@example.org",
          language: "de",
          body: "{}",
        },
      ]);
    });

    it("gather the deliveries of a minute into one message, while a webhook's are due at once", async () => {
      const { store, rule, mail } = await mailed();
      await openAt(store, [stationDown(rule.id, "MCS-1"), stationDown(rule.id, "MCS-2")], t0);
      // Ten seconds later: it joins the message the first ones wait in.
      await openAt(store, [stationDown(rule.id, "MCS-3")], t0 + 10_000);
      const { rows } = await store.deliveries.pending(all);
      const toMail = rows.filter((delivery) => delivery.destinationId === mail.id);
      expect(toMail.map((delivery) => delivery.nextAttemptAt)).toEqual([t0 + minute, t0 + minute, t0 + minute]);
      const webhooks = rows.filter((delivery) => delivery.destinationId !== mail.id);
      expect(webhooks).toHaveLength(6);
      for (const delivery of webhooks) expect(delivery.nextAttemptAt).toBe(delivery.createdAt);
      expect((await store.deliveries.due(t0 + 10_000, 20)).map((delivery) => delivery.destinationKind)).not.toContain(
        "email",
      );
      const due = (await store.deliveries.due(t0 + minute, 20)).filter(
        (delivery) => delivery.destinationId === mail.id,
      );
      expect(due.map((delivery) => delivery.id)).toEqual(toMail.map((delivery) => delivery.id));

      // The message is sent: the first one to retry later, the others delivered. What opens next
      // waits for a message of its own, not for the retry.
      const [retried, ...sent] = due;
      await store.deliveries.recordAttempt(
        { deliveryId: retried!.id, attempt: 1, at: t0 + minute, status: null, error: "timeout", durationMs: 10 },
        { state: "pending", nextAttemptAt: t0 + 10 * minute },
      );
      for (const delivery of sent) {
        await store.deliveries.recordAttempt(
          { deliveryId: delivery.id, attempt: 1, at: t0 + minute, status: 250, error: null, durationMs: 10 },
          { state: "delivered", nextAttemptAt: null },
        );
      }
      const next = (await openAt(store, [stationDown(rule.id, "MCS-4")], t0 + 2 * minute)).opened[0]!;
      await store.alerts.apply({ open: [], resolve: [next.id] }, t0 + 2 * minute + 5000, bodyOf);
      const own = (await store.deliveries.pendingOf(mail.id, 10)).filter((delivery) => delivery.alertId === next.id);
      expect(own.map((delivery) => [delivery.transition, delivery.nextAttemptAt])).toEqual([
        ["opened", t0 + 3 * minute],
        // Without an `emailDueAt` of its own, it still joins the waiting message.
        ["resolved", t0 + 3 * minute],
      ]);
    });
  });

  describe("destinations", () => {
    it("lists oldest first without the secret, and removing one fails its pending deliveries", async () => {
      const { store, rule, pager, chat } = await watched();
      expect(pager).toEqual({
        id: expect.any(String),
        kind: "webhook",
        name: "Pager",
        url: "https://pager.example/hook",
        email: null,
        language: null,
        createdBy: ada,
        createdAt: t0 - day,
      });
      expect(await store.destinations.list()).toEqual([pager, chat]);
      await store.alerts.apply({ open: [stationDown(rule.id, "MCS-1")], resolve: [] }, t0, bodyOf);
      const delivered = (await store.deliveries.due(t0, 10)).find((delivery) => delivery.destinationId === pager.id)!;
      await store.alerts.apply({ open: [stationDown(rule.id, "MCS-2")], resolve: [] }, t0 + 1, bodyOf);
      await store.deliveries.recordAttempt(
        { deliveryId: delivered.id, attempt: 1, at: t0 + 5, status: 200, error: null, durationMs: 5 },
        { state: "delivered", nextAttemptAt: null },
      );

      expect(await store.destinations.remove(pager.id)).toEqual(pager);
      expect(await store.destinations.list()).toEqual([chat]);
      expect(await store.destinations.remove(pager.id)).toBeNull();
      expect(await store.destinations.remove("nope")).toBeNull();

      const pending = await store.deliveries.pending(all);
      expect(pending.total).toBe(2);
      expect(pending.rows.every((delivery) => delivery.destinationId === chat.id)).toBe(true);
      expect((await store.deliveries.due(t0 + 1, 10)).map((delivery) => delivery.destinationId)).toEqual([
        chat.id,
        chat.id,
      ]);
      expect(await store.destinations.queueTest(pager.id, t0, () => "{}")).toBeNull();

      // An attempt that was under way when the destination went: recorded, the delivery stays failed.
      const finished = (await store.deliveries.attempts(all)).rows;
      expect(finished).toHaveLength(1);
      expect(finished[0]!.delivery).toMatchObject({ destinationName: "Pager", state: "delivered" });
      const raced = await store.alerts.apply({ open: [stationDown(rule.id, "MCS-3")], resolve: [] }, t0 + 2, bodyOf);
      const toChat = (await store.deliveries.pending(all)).rows.find(
        (delivery) => delivery.alertId === raced.opened[0]!.id,
      )!;
      await store.destinations.remove(chat.id);
      await store.deliveries.recordAttempt(
        { deliveryId: toChat.id, attempt: 1, at: t0 + 10, status: 500, error: null, durationMs: 5 },
        { state: "pending", nextAttemptAt: t0 + minute },
      );
      expect(await store.deliveries.pending(all)).toEqual({ rows: [], total: 0 });
      const attempt = (await store.deliveries.attempts(all)).rows[0]!;
      expect(attempt.delivery).toMatchObject({
        id: toChat.id,
        destinationName: "Chat",
        state: "failed",
        attempts: 1,
        nextAttemptAt: null,
      });
    });
  });

  describe("alerts", () => {
    it("acknowledges an alert once", async () => {
      const { store, rule } = await watched();
      const alert = (await store.alerts.apply({ open: [stationDown(rule.id, "MCS-1")], resolve: [] }, t0, bodyOf))
        .opened[0]!;
      const acknowledged = await store.alerts.acknowledge(alert.id, grace, t0 + minute);
      expect(acknowledged).toEqual({ ...alert, acknowledgedAt: t0 + minute, acknowledgedBy: grace });
      expect(await store.alerts.acknowledge(alert.id, ada, t0 + 2 * minute)).toBeNull();
      expect(await store.alerts.get(alert.id)).toEqual(acknowledged);
      expect(await store.alerts.acknowledge("99999", ada, t0)).toBeNull();
      expect(await store.alerts.acknowledge("x", ada, t0)).toBeNull();
      expect(await store.alerts.get("x")).toBeNull();
      expect(await store.alerts.get("99999")).toBeNull();
    });

    it("lists open, resolved or all alerts newest first, a page at a time, with their totals", async () => {
      const { store, rule } = await watched();
      const alerts: Alert[] = [];
      for (let index = 0; index < 5; index += 1) {
        const result = await store.alerts.apply(
          { open: [stationDown(rule.id, `MCS-${index}`)], resolve: [] },
          t0 + index * minute,
          bodyOf,
        );
        alerts.push(result.opened[0]!);
      }
      // Two at the same moment: the later id is the newer.
      const twins = await store.alerts.apply(
        { open: [stationDown(rule.id, "MCS-5"), stationDown(rule.id, "MCS-6")], resolve: [] },
        t0 + 5 * minute,
        bodyOf,
      );
      alerts.push(...twins.opened);
      const resolved = await store.alerts.apply(
        { open: [], resolve: [alerts[3]!.id, alerts[1]!.id] },
        t0 + 10 * minute,
        bodyOf,
      );
      expect(resolved.resolved.map((alert) => alert.id)).toEqual([alerts[3]!.id, alerts[1]!.id]);

      const ids = (rows: Alert[]) => rows.map((alert) => alert.id);
      const newestFirst = [...alerts].reverse();
      const all7 = await store.alerts.list("all", all);
      expect(all7.total).toBe(7);
      expect(ids(all7.rows)).toEqual(ids(newestFirst));
      const open = await store.alerts.list("open", all);
      expect(open.total).toBe(5);
      expect(ids(open.rows)).toEqual(ids(newestFirst.filter((_, index) => ![3, 5].includes(index))));
      const done = await store.alerts.list("resolved", all);
      expect(done.total).toBe(2);
      expect(done.rows).toEqual([
        { ...alerts[3], resolvedAt: t0 + 10 * minute },
        { ...alerts[1], resolvedAt: t0 + 10 * minute },
      ]);
      expect(await store.alerts.list("open", { skip: 2, take: 2 })).toEqual({ rows: open.rows.slice(2, 4), total: 5 });
      expect(await store.alerts.list("all", { skip: 6, take: 10 })).toEqual({ rows: all7.rows.slice(6), total: 7 });
      expect(await store.alerts.list("resolved", { skip: 5, take: 10 })).toEqual({ rows: [], total: 2 });
      expect(ids(await store.alerts.open())).toEqual(ids([...open.rows].reverse()));
      // A Moderator's: only about the stations named.
      const theirs = await store.alerts.list("all", all, ["MCS-1", "MCS-2"]);
      expect({ ids: ids(theirs.rows), total: theirs.total }).toEqual({ ids: [alerts[2]!.id, alerts[1]!.id], total: 2 });
      const theirsOpen = await store.alerts.list("open", all, ["MCS-1", "MCS-2"]);
      expect({ ids: ids(theirsOpen.rows), total: theirsOpen.total }).toEqual({ ids: [alerts[2]!.id], total: 1 });
      expect(await store.alerts.list("all", all, [])).toEqual({ rows: [], total: 0 });
    });
  });

  describe("retention", () => {
    it("removes alerts resolved before the cut and finished deliveries made before it, with their attempts", async () => {
      const { store, rule, pager } = await watched();
      const old = (await store.alerts.apply({ open: [stationDown(rule.id, "MCS-1")], resolve: [] }, t0, bodyOf))
        .opened[0]!;
      const stillOpen = (
        await store.alerts.apply({ open: [stationDown(rule.id, "MCS-2")], resolve: [] }, t0 + minute, bodyOf)
      ).opened[0]!;
      await store.alerts.apply({ open: [], resolve: [old.id] }, t0 + 2 * minute, bodyOf);
      // Of the six deliveries (two openings, one resolution, to two destinations), the first
      // opening's are done, one after two attempts; the rest still wait.
      const first = (await store.deliveries.due(t0, 10)).filter((delivery) => delivery.alertId === old.id);
      expect(first).toHaveLength(2);
      for (const delivery of first) {
        await store.deliveries.recordAttempt(
          { deliveryId: delivery.id, attempt: 1, at: t0 + 1, status: 500, error: null, durationMs: 1 },
          { state: "pending", nextAttemptAt: t0 + 2 },
        );
        await store.deliveries.recordAttempt(
          { deliveryId: delivery.id, attempt: 2, at: t0 + 2, status: 200, error: null, durationMs: 1 },
          { state: "delivered", nextAttemptAt: null },
        );
      }
      const late = await store.destinations.queueTest(pager.id, t0 + 2 * day, () => "{}");
      await store.deliveries.recordAttempt(
        { deliveryId: late!.id, attempt: 1, at: t0 + 2 * day, status: 200, error: null, durationMs: 1 },
        { state: "delivered", nextAttemptAt: null },
      );

      // Nothing is old enough yet.
      expect(await store.removeOlderThan(t0)).toBe(0);
      // The resolved alert, the two finished deliveries, their four attempts.
      expect(await store.removeOlderThan(t0 + day)).toBe(7);
      expect(await store.alerts.get(old.id)).toBeNull();
      expect(await store.alerts.get(stillOpen.id)).toEqual(stillOpen);
      expect((await store.deliveries.pending(all)).total).toBe(4);
      const attempts = await store.deliveries.attempts(all);
      expect(attempts.rows.map((row) => row.deliveryId)).toEqual([late!.id]);
      expect(await store.removeOlderThan(t0 + day)).toBe(0);
    });
  });

  // The contract reaches its backend's databases only through the store, so this one is a SQLite
  // file of its own, whichever backend runs the contract; PostgreSQL runs the same migration on
  // every new database above.
  describe("migrations", () => {
    it("upgrade a SQLite file made at 0005-alerts: its rule, open alert and destination read on", async () => {
      const directory = mkdtempSync(join(tmpdir(), "alert-store-0005-"));
      const file = join(directory, "records.sqlite");
      try {
        await sqliteFileAt(file, "0005-alerts", async (db) => {
          const applied = await db.selectFrom("kysely_migration").select("name").orderBy("name").execute();
          expect(applied.map((row) => row.name as string).at(-1)).toBe("0005-alerts");
          const made = { created_by: JSON.stringify(ada), created_at: t0 - day };
          await db
            .insertInto("alert_rules")
            .values({ kind: "stationStopped", grace_seconds: 60, stations: "[]", ...made })
            .execute();
          await db
            .insertInto("alerts")
            .values({
              rule_id: 1,
              kind: "stationStopped",
              serial_number: "MCS-1",
              station_name: "Hall MCS-1",
              since: t0 - minute,
              opened_at: t0,
            })
            .execute();
          await db
            .insertInto("alert_destinations")
            .values({ name: "Pager", url: "https://pager.example/hook", secret: "pager-secret-0123456789", ...made })
            .execute();
          await db
            .insertInto("alert_deliveries")
            .values({
              destination_id: 1,
              destination_name: "Pager",
              alert_id: 1,
              transition: "opened",
              idempotency_key: "1:opened",
              created_at: t0,
              state: "pending",
              attempts: 0,
              next_attempt_at: t0,
              body: "{}",
            })
            .execute();
        });
        const layer = await openSqliteLayer(file);
        try {
          const store = createAlertStore(layer);
          const [rule] = await store.rules.list();
          expect(rule).toEqual({
            id: "1",
            kind: "stationStopped",
            graceSeconds: 60,
            stations: [],
            duringEventsOnly: false,
            createdBy: ada,
            createdAt: t0 - day,
          });
          const [alert] = await store.alerts.open();
          expect(alert).toMatchObject({
            id: "1",
            serialNumber: "MCS-1",
            subject: "",
            subjectName: null,
            resolvedAt: null,
          });
          expect(await store.destinations.list()).toEqual([
            {
              id: "1",
              kind: "webhook",
              name: "Pager",
              url: "https://pager.example/hook",
              email: null,
              language: null,
              createdBy: ada,
              createdAt: t0 - day,
            },
          ]);
          expect(await store.deliveries.due(t0, 10)).toEqual([
            expect.objectContaining({
              alertId: "1",
              destinationKind: "webhook",
              secret: "pager-secret-0123456789",
              email: null,
              language: null,
            }),
          ]);
          // The open alert is the station's own under the key the migration made: asked again,
          // nothing; one of its channels is another subject.
          const again = await store.alerts.apply(
            {
              open: [stationDown(rule!.id, "MCS-1"), { ...stationDown(rule!.id, "MCS-1"), subject: "channel:1" }],
              resolve: [],
            },
            t0 + minute,
            bodyOf,
          );
          expect(again.opened.map((opened) => [opened.serialNumber, opened.subject])).toEqual([["MCS-1", "channel:1"]]);
        } finally {
          await layer.close();
        }
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
}
