// The alerts (issue 36) on the records' query layer (Kysely): the same queries on SQLite and
// PostgreSQL (docs/decisions/074-alerts.md). What changes more than one row runs in one
// transaction; SQLite's takes the write lock when it begins, so there every change runs alone.
// In PostgreSQL two evaluators may apply the same change at once: the partial unique index on the
// open alerts and the conditional updates make the second one change (and queue) nothing, and the
// rules and destinations a change reads are locked against removal until it commits, so a rule
// or destination removed meanwhile is not given a new alert or delivery after its removal ran.
// An e-mail destination's new delivery joins the message of one still waiting for its first
// attempt by taking that one's time. Two changes at once in PostgreSQL may each miss the other's
// deliveries: no harm beyond two messages where one would have done.
import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Selectable, type Transaction } from "kysely";
import type { AuditUser } from "../../app/records/audit-log";
import type {
  Alert,
  AlertDelivery,
  AlertRule,
  AlertRuleKind,
  AlertStore,
  DeliveryState,
  DeliveryTransition,
  DestinationKind,
  DueDelivery,
  EmailLanguage,
  NewWebhookDestination,
  WebhookDestination,
} from "../../app/records/alerts";
import type { RecordsDatabase, RecordsLayer } from "./layer/open-layer";
import type {
  AlertDeliveryTable,
  AlertDestinationTable,
  AlertRuleTable,
  AlertTable,
  RecordsSchema,
} from "./layer/schema";

/**
 * The database key of an id, or null for one that cannot be a row's (so a made-up id in a URL
 * finds nothing instead of failing in PostgreSQL's bigint cast).
 */
function keyOf(id: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  const key = Number(id);
  return Number.isSafeInteger(key) ? key : null;
}

const keysOf = (ids: readonly string[]) => [...new Set(ids.map(keyOf).filter((key) => key !== null))];

/**
 * Written into the statement, not a parameter: SQLite uses the pending deliveries' partial index
 * only for a query whose condition is the index's own, constant and all.
 */
const pending = sql.lit("pending");

const timeOrNull = (value: number | null) => (value === null ? null : Number(value));

function ruleOf(row: Selectable<AlertRuleTable>): AlertRule {
  return {
    id: String(row.id),
    kind: row.kind as AlertRuleKind,
    graceSeconds: Number(row.grace_seconds),
    stations: JSON.parse(row.stations) as string[],
    duringEventsOnly: Number(row.during_events_only) === 1,
    createdBy: JSON.parse(row.created_by) as AuditUser,
    createdAt: Number(row.created_at),
  };
}

function alertOf(row: Selectable<AlertTable>): Alert {
  return {
    id: String(row.id),
    ruleId: String(row.rule_id),
    kind: row.kind as AlertRuleKind,
    serialNumber: row.serial_number,
    stationName: row.station_name,
    subject: row.subject,
    subjectName: row.subject_name,
    since: Number(row.since),
    openedAt: Number(row.opened_at),
    resolvedAt: timeOrNull(row.resolved_at),
    acknowledgedAt: timeOrNull(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by === null ? null : (JSON.parse(row.acknowledged_by) as AuditUser),
  };
}

function destinationOf(row: Selectable<AlertDestinationTable>): WebhookDestination {
  return {
    id: String(row.id),
    kind: row.kind as DestinationKind,
    name: row.name,
    url: row.url,
    email: row.email,
    language: row.language as EmailLanguage | null,
    createdBy: JSON.parse(row.created_by) as AuditUser,
    createdAt: Number(row.created_at),
  };
}

/** An e-mail destination has no URL or secret: "" in their columns (they are not null). */
function destinationColumns(
  destination: NewWebhookDestination,
): Pick<Insertable<AlertDestinationTable>, "kind" | "url" | "secret" | "email" | "language"> {
  return destination.kind === "email"
    ? { kind: "email", url: "", secret: "", email: destination.email, language: destination.language }
    : { kind: "webhook", url: destination.url, secret: destination.secret, email: null, language: null };
}

type DeliveryRow = Omit<Selectable<AlertDeliveryTable>, "body">;

function deliveryOf(row: DeliveryRow): AlertDelivery {
  return {
    id: String(row.id),
    destinationId: String(row.destination_id),
    destinationName: row.destination_name,
    destinationKind: row.destination_kind as DestinationKind,
    alertId: row.alert_id === null ? null : String(row.alert_id),
    transition: row.transition as DeliveryTransition,
    idempotencyKey: row.idempotency_key,
    createdAt: Number(row.created_at),
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    nextAttemptAt: timeOrNull(row.next_attempt_at),
  };
}

/** The delivery's columns but its body (the lists show no body; only an attempt sends it). */
const deliveryColumns = [
  "alert_deliveries.id",
  "alert_deliveries.destination_id",
  "alert_deliveries.destination_name",
  "alert_deliveries.destination_kind",
  "alert_deliveries.alert_id",
  "alert_deliveries.transition",
  "alert_deliveries.idempotency_key",
  "alert_deliveries.created_at",
  "alert_deliveries.state",
  "alert_deliveries.attempts",
  "alert_deliveries.next_attempt_at",
] as const;

/** What a change reads of a destination: its deliveries carry its name and are due as its kind says. */
const destinationTargetColumns = ["id", "name", "kind"] as const;
type Destination = Pick<Selectable<AlertDestinationTable>, (typeof destinationTargetColumns)[number]>;

/** A destination a delivery is queued to, and when that delivery is first due. */
type Target = Destination & { dueAt: number };

/**
 * Pending deliveries with what an attempt needs: the body, and the destination's address as it is
 * now. A delivery whose destination is gone has failed (destinations.remove), so the join loses none.
 */
function outbox(db: RecordsDatabase) {
  return db
    .selectFrom("alert_deliveries")
    .innerJoin("alert_destinations", "alert_destinations.id", "alert_deliveries.destination_id")
    .select([
      ...deliveryColumns,
      "alert_deliveries.body",
      "alert_destinations.url",
      "alert_destinations.secret",
      "alert_destinations.email",
      "alert_destinations.language",
    ])
    .where("alert_deliveries.state", "=", pending);
}

type OutboxRow = Awaited<ReturnType<ReturnType<typeof outbox>["execute"]>>[number];

function dueOf(row: OutboxRow): DueDelivery {
  return {
    ...deliveryOf(row),
    url: row.url,
    secret: row.secret,
    email: row.email,
    language: row.language as EmailLanguage | null,
    body: row.body,
  };
}

export function createAlertStore(layer: RecordsLayer): AlertStore {
  const postgres = layer.kind === "postgres";

  /**
   * Rows a change reads, held (PostgreSQL: FOR SHARE) until it commits, so a removal waits for it
   * and then sees what it queued. SQLite's write lock, taken at BEGIN, already does this.
   */
  const held = <Q extends { forShare(): Q }>(query: Q) => (postgres ? query.forShare() : query);

  /**
   * A delivery per destination of one transition, each with the body its id completes: inserted,
   * then given the body (the id is the database's).
   */
  async function queue(
    trx: Transaction<RecordsSchema>,
    destinations: readonly Target[],
    delivery: { alertId: number | null; transition: DeliveryTransition; idempotencyKey: string | null },
    now: number,
    body: (deliveryId: string) => string,
  ): Promise<AlertDelivery[]> {
    if (destinations.length === 0) return [];
    const rows = await trx
      .insertInto("alert_deliveries")
      .values(
        destinations.map((destination) => ({
          destination_id: destination.id,
          destination_name: destination.name,
          destination_kind: destination.kind,
          alert_id: delivery.alertId,
          transition: delivery.transition,
          // A test's key is made of its own id: until the update below, one nobody else has.
          idempotency_key: delivery.idempotencyKey ?? `queued:${randomUUID()}`,
          created_at: now,
          state: "pending",
          attempts: 0,
          next_attempt_at: destination.dueAt,
          body: "",
        })),
      )
      .returning(deliveryColumns)
      .execute();
    const queued: AlertDelivery[] = [];
    for (const row of rows) {
      const id = String(row.id);
      const idempotencyKey = delivery.idempotencyKey ?? `test:${id}`;
      await trx
        .updateTable("alert_deliveries")
        .set({ body: body(id), idempotency_key: idempotencyKey })
        .where("id", "=", row.id)
        .execute();
      queued.push(deliveryOf({ ...row, idempotency_key: idempotencyKey }));
    }
    return queued;
  }

  /**
   * When each destination's new deliveries are first due: a webhook's at once; an e-mail's when
   * the message they go in is sent — that of a delivery still waiting for its first attempt (a
   * retried one's message has gone), else a new one at `emailDueAt`.
   */
  async function targetsOf(
    trx: Transaction<RecordsSchema>,
    destinations: readonly Destination[],
    now: number,
    emailDueAt: number,
  ): Promise<Target[]> {
    const emailKeys = destinations.filter((destination) => destination.kind === "email").map(({ id }) => id);
    const waiting =
      emailKeys.length === 0
        ? []
        : await trx
            .selectFrom("alert_deliveries")
            .select((eb) => ["destination_id", eb.fn.min("next_attempt_at").as("due_at")])
            .where("state", "=", pending)
            .where("attempts", "=", 0)
            .where("destination_id", "in", emailKeys)
            .groupBy("destination_id")
            .execute();
    const joined = new Map(waiting.map((row) => [Number(row.destination_id), timeOrNull(row.due_at)]));
    return destinations.map((destination) => ({
      ...destination,
      dueAt: destination.kind === "email" ? (joined.get(Number(destination.id)) ?? emailDueAt) : now,
    }));
  }

  return {
    rules: {
      async list() {
        const db = await layer.db();
        const rows = await db.selectFrom("alert_rules").selectAll().orderBy("id").execute();
        return rows.map(ruleOf);
      },
      async create(rule, now) {
        const db = await layer.db();
        const row = await db
          .insertInto("alert_rules")
          .values({
            kind: rule.kind,
            grace_seconds: rule.graceSeconds,
            stations: JSON.stringify(rule.stations),
            during_events_only: rule.duringEventsOnly ? 1 : 0,
            created_by: JSON.stringify(rule.createdBy),
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return ruleOf(row);
      },
      /**
       * The rule's open alerts resolve silently — no "resolved" delivery: what they watched did
       * not get better, nobody watches it any longer, and the person removing the rule knows.
       */
      async remove(id, now) {
        const key = keyOf(id);
        if (key === null) return null;
        const db = await layer.db();
        return db.transaction().execute(async (trx) => {
          // Deleted first: in PostgreSQL this waits for a change that holds the rule, and the
          // update below then sees the alerts it opened.
          const row = await trx.deleteFrom("alert_rules").where("id", "=", key).returningAll().executeTakeFirst();
          if (!row) return null;
          await trx
            .updateTable("alerts")
            .set({ resolved_at: now })
            .where("rule_id", "=", key)
            .where("resolved_at", "is", null)
            .execute();
          return ruleOf(row);
        });
      },
    },

    alerts: {
      async open() {
        const db = await layer.db();
        const rows = await db
          .selectFrom("alerts")
          .selectAll()
          .where("resolved_at", "is", null)
          .orderBy("opened_at")
          .orderBy("id")
          .execute();
        return rows.map(alertOf);
      },
      async list(filter, { skip, take }, serialNumbers) {
        if (serialNumbers?.length === 0) return { rows: [], total: 0 };
        const db = await layer.db();
        const filtered = db
          .selectFrom("alerts")
          .$if(filter === "open", (query) => query.where("resolved_at", "is", null))
          .$if(filter === "resolved", (query) => query.where("resolved_at", "is not", null))
          .$if(serialNumbers !== undefined, (query) => query.where("serial_number", "in", [...serialNumbers!]));
        const [rows, count] = await Promise.all([
          filtered.selectAll().orderBy("opened_at", "desc").orderBy("id", "desc").limit(take).offset(skip).execute(),
          filtered.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
        ]);
        return { rows: rows.map(alertOf), total: Number(count.count) };
      },
      async get(id) {
        const key = keyOf(id);
        if (key === null) return null;
        const db = await layer.db();
        const row = await db.selectFrom("alerts").selectAll().where("id", "=", key).executeTakeFirst();
        return row ? alertOf(row) : null;
      },
      async acknowledge(id, by, at) {
        const key = keyOf(id);
        if (key === null) return null;
        const db = await layer.db();
        const row = await db
          .updateTable("alerts")
          .set({ acknowledged_at: at, acknowledged_by: JSON.stringify(by) })
          .where("id", "=", key)
          .where("acknowledged_at", "is", null)
          .returningAll()
          .executeTakeFirst();
        return row ? alertOf(row) : null;
      },
      async apply(changes, now, body, emailDueAt = now) {
        const db = await layer.db();
        return db.transaction().execute(async (trx) => {
          // An alert is opened only for a rule still there (one removed since the evaluator read
          // it would leave an alert nothing resolves).
          const ruleKeys = keysOf(changes.open.map((alert) => alert.ruleId));
          const rules =
            ruleKeys.length === 0
              ? new Set<number>()
              : new Set(
                  (await held(trx.selectFrom("alert_rules").select("id").where("id", "in", ruleKeys)).execute()).map(
                    (row) => Number(row.id),
                  ),
                );
          const opened: Alert[] = [];
          for (const alert of changes.open) {
            const ruleKey = keyOf(alert.ruleId);
            if (ruleKey === null || !rules.has(ruleKey)) continue;
            // Open already (here, or by another evaluator that got there first): nothing.
            const row = await trx
              .insertInto("alerts")
              .values({
                rule_id: ruleKey,
                kind: alert.kind,
                serial_number: alert.serialNumber,
                station_name: alert.stationName,
                subject: alert.subject,
                subject_name: alert.subjectName,
                since: alert.since,
                opened_at: now,
              })
              .onConflict((conflict) =>
                conflict.columns(["rule_id", "serial_number", "subject"]).where("resolved_at", "is", null).doNothing(),
              )
              .returningAll()
              .executeTakeFirst();
            if (row) opened.push(alertOf(row));
          }
          const resolveKeys = keysOf(changes.resolve);
          const resolvedRows =
            resolveKeys.length === 0
              ? []
              : await trx
                  .updateTable("alerts")
                  .set({ resolved_at: now })
                  .where("id", "in", resolveKeys)
                  .where("resolved_at", "is", null)
                  .returningAll()
                  .execute();
          const order = new Map(resolveKeys.map((key, index) => [key, index]));
          const resolved = resolvedRows
            .map(alertOf)
            .sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
          if (opened.length + resolved.length === 0) return { opened, resolved };
          const destinations = await targetsOf(
            trx,
            await held(trx.selectFrom("alert_destinations").select(destinationTargetColumns).orderBy("id")).execute(),
            now,
            emailDueAt,
          );
          for (const [transition, alerts] of [
            ["opened", opened],
            ["resolved", resolved],
          ] as const) {
            for (const alert of alerts) {
              await queue(
                trx,
                destinations,
                { alertId: Number(alert.id), transition, idempotencyKey: `${alert.id}:${transition}` },
                now,
                (deliveryId) => body(alert, transition, deliveryId),
              );
            }
          }
          return { opened, resolved };
        });
      },
    },

    destinations: {
      async list() {
        const db = await layer.db();
        const rows = await db.selectFrom("alert_destinations").selectAll().orderBy("id").execute();
        return rows.map(destinationOf);
      },
      async create(destination, now) {
        const db = await layer.db();
        const row = await db
          .insertInto("alert_destinations")
          .values({
            name: destination.name,
            ...destinationColumns(destination),
            created_by: JSON.stringify(destination.createdBy),
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return destinationOf(row);
      },
      /** Its pending deliveries fail: there is nothing left to deliver them to. */
      async remove(id) {
        const key = keyOf(id);
        if (key === null) return null;
        const db = await layer.db();
        return db.transaction().execute(async (trx) => {
          // Deleted first: in PostgreSQL this waits for a change that holds the destination, and
          // the update below then sees what it queued.
          const row = await trx
            .deleteFrom("alert_destinations")
            .where("id", "=", key)
            .returningAll()
            .executeTakeFirst();
          if (!row) return null;
          await trx
            .updateTable("alert_deliveries")
            .set({ state: "failed", next_attempt_at: null })
            .where("state", "=", pending)
            .where("destination_id", "=", key)
            .execute();
          return destinationOf(row);
        });
      },
      async queueTest(id, now, body) {
        const key = keyOf(id);
        if (key === null) return null;
        const db = await layer.db();
        return db.transaction().execute(async (trx) => {
          const destination = await held(
            trx.selectFrom("alert_destinations").select(destinationTargetColumns).where("id", "=", key),
          ).executeTakeFirst();
          if (!destination) return null;
          // Due at once, e-mail too: whoever asked for it is waiting to see it arrive.
          const [delivery] = await queue(
            trx,
            [{ ...destination, dueAt: now }],
            { alertId: null, transition: "test", idempotencyKey: null },
            now,
            body,
          );
          return delivery ?? null;
        });
      },
    },

    deliveries: {
      /** Oldest due first: the one waiting longest for its attempt. */
      async due(now, take) {
        const db = await layer.db();
        const rows = await outbox(db)
          .where("alert_deliveries.next_attempt_at", "<=", now)
          .orderBy("alert_deliveries.next_attempt_at")
          .orderBy("alert_deliveries.id")
          .limit(take)
          .execute();
        return rows.map(dueOf);
      },
      /** Made first, first: a message tells its alerts in the order they changed. */
      async pendingOf(destinationId, take) {
        const key = keyOf(destinationId);
        if (key === null) return [];
        const db = await layer.db();
        const rows = await outbox(db)
          .where("alert_deliveries.destination_id", "=", key)
          .orderBy("alert_deliveries.id")
          .limit(take)
          .execute();
        return rows.map(dueOf);
      },
      /**
       * An attempt recorded twice (two workers, or a retry of this call) is recorded once. What
       * follows it changes a delivery only while it is pending: one whose destination was removed
       * during the attempt stays failed.
       */
      async recordAttempt(attempt, next) {
        const key = keyOf(attempt.deliveryId);
        if (key === null) return;
        const db = await layer.db();
        await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto("alert_delivery_attempts")
            .values({
              delivery_id: key,
              attempt: attempt.attempt,
              at: attempt.at,
              status: attempt.status,
              error: attempt.error,
              duration_ms: Math.round(attempt.durationMs),
            })
            .onConflict((conflict) => conflict.columns(["delivery_id", "attempt"]).doNothing())
            .returning("attempt")
            .executeTakeFirst();
          if (!inserted) return;
          await trx
            .updateTable("alert_deliveries")
            .set({ attempts: attempt.attempt })
            .where("id", "=", key)
            .where("attempts", "<", attempt.attempt)
            .execute();
          await trx
            .updateTable("alert_deliveries")
            .set({ state: next.state, next_attempt_at: next.state === "pending" ? next.nextAttemptAt : null })
            .where("id", "=", key)
            .where("state", "=", pending)
            .execute();
        });
      },
      async attempts({ skip, take }) {
        const db = await layer.db();
        const [rows, count] = await Promise.all([
          db
            .selectFrom("alert_delivery_attempts")
            .innerJoin("alert_deliveries", "alert_deliveries.id", "alert_delivery_attempts.delivery_id")
            .select([
              ...deliveryColumns,
              "alert_delivery_attempts.attempt",
              "alert_delivery_attempts.at",
              "alert_delivery_attempts.status",
              "alert_delivery_attempts.error",
              "alert_delivery_attempts.duration_ms",
            ])
            .orderBy("alert_delivery_attempts.at", "desc")
            .orderBy("alert_delivery_attempts.delivery_id", "desc")
            .orderBy("alert_delivery_attempts.attempt", "desc")
            .limit(take)
            .offset(skip)
            .execute(),
          db
            .selectFrom("alert_delivery_attempts")
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow(),
        ]);
        return {
          rows: rows.map((row) => ({
            deliveryId: String(row.id),
            attempt: Number(row.attempt),
            at: Number(row.at),
            status: row.status === null ? null : Number(row.status),
            error: row.error,
            durationMs: Number(row.duration_ms),
            delivery: deliveryOf(row),
          })),
          total: Number(count.count),
        };
      },
      async pending({ skip, take }) {
        const db = await layer.db();
        const waiting = db.selectFrom("alert_deliveries").where("state", "=", pending);
        const [rows, count] = await Promise.all([
          waiting.select(deliveryColumns).orderBy("next_attempt_at").orderBy("id").limit(take).offset(skip).execute(),
          waiting.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
        ]);
        return { rows: rows.map(deliveryOf), total: Number(count.count) };
      },
    },

    async removeOlderThan(cut) {
      const db = await layer.db();
      const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
      // Alerts and deliveries come by the handful a day, not by the thousand a minute as the
      // listening samples do: one transaction, which removes a delivery and its attempts together.
      return db.transaction().execute(async (trx) => {
        let removed = deleted(
          await trx
            .deleteFrom("alert_delivery_attempts")
            .where("delivery_id", "in", (eb) =>
              eb
                .selectFrom("alert_deliveries")
                .select("id")
                .where("created_at", "<", cut)
                .where("state", "<>", pending),
            )
            .executeTakeFirstOrThrow(),
        );
        removed += deleted(
          await trx
            .deleteFrom("alert_deliveries")
            .where("created_at", "<", cut)
            .where("state", "<>", pending)
            .executeTakeFirstOrThrow(),
        );
        removed += deleted(await trx.deleteFrom("alerts").where("resolved_at", "<", cut).executeTakeFirstOrThrow());
        return removed;
      });
    },
  };
}
