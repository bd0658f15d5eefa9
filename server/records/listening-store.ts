// The listening history on the records' query layer (Kysely): the same queries on SQLite and
// PostgreSQL (docs/decisions/070-listener-history.md). Entities get their ids here, from their
// keys, so the sampler's batches carry keys and can be stored again unchanged after a failure.
import { sql, type Selectable, type Transaction } from "kysely";
import type { AuditUser } from "../../app/records/audit-log";
import { venueEntityId, type ListeningPeriod, type ListeningSample } from "../../app/domain/listening-series";
import type {
  EntityNames,
  ListeningEntity,
  ListeningEvent,
  ListeningEvents,
  ListeningGapReason,
  ListeningKey,
  ListeningStore,
} from "../../app/records/listening";
import type { RecordsLayer } from "./layer/open-layer";
import { listeningEventIdOf } from "../../app/records/listening";
import type { ListeningEventTable, RecordsSchema } from "./layer/schema";

/** Rows per INSERT: far below either database's limit on parameters. */
const rowsPerInsert = 1000;
/** Deletions go an hour of records at a time, so no single statement holds the write lock long. */
const deleteSliceMs = 60 * 60 * 1000;

/**
 * The periods table as a query reads it. SQLite keeps no statistics (nothing runs ANALYZE), so for
 * a few entities it walks the whole range of every entity by the primary key — 9.7 million quarter
 * hours for a 90-day chart of 5,000 stations, seconds — where the entities' own index finds their
 * few thousand rows (bench/notes/listening.md). PostgreSQL's planner has statistics and chooses.
 */
function periodsTable(layer: RecordsLayer, entityIds: readonly number[] | undefined) {
  return entityIds && layer.kind === "sqlite"
    ? sql<never>`listening_periods indexed by listening_periods_by_entity`
    : sql<never>`listening_periods`;
}

const keyOf = (key: ListeningKey) => `${key.serialNumber}\u0000${key.channelIndex}`;

function chunks<T>(items: readonly T[], size = rowsPerInsert): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

type EventRow = Omit<ListeningEventTable, "id"> & { id: number };

function eventOf(row: EventRow): ListeningEvent {
  return {
    id: String(row.id),
    title: row.title,
    startsAt: Number(row.starts_at),
    endsAt: row.ends_at === null ? null : Number(row.ends_at),
    scope: JSON.parse(row.scope) as string[],
    createdBy: JSON.parse(row.created_by) as AuditUser,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const eventId = (id: string) => (listeningEventIdOf(id) === null ? null : Number(id));

function listeningEvents(layer: RecordsLayer): ListeningEvents {
  return {
    async list({ skip, take }) {
      const db = await layer.db();
      const [rows, count] = await Promise.all([
        db
          .selectFrom("listening_events")
          .selectAll()
          .orderBy("starts_at", "desc")
          .orderBy("id", "desc")
          .limit(take)
          .offset(skip)
          .execute(),
        db
          .selectFrom("listening_events")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(eventOf), total: Number(count.count) };
    },
    async overlapping({ from, to }) {
      const db = await layer.db();
      const rows = await db
        .selectFrom("listening_events")
        .selectAll()
        .where("starts_at", "<", to)
        .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", from)]))
        .orderBy("starts_at")
        .limit(500)
        .execute();
      return rows.map(eventOf);
    },
    async get(id) {
      const key = eventId(id);
      if (key === null) return null;
      const db = await layer.db();
      const row = await db.selectFrom("listening_events").selectAll().where("id", "=", key).executeTakeFirst();
      return row ? eventOf(row) : null;
    },
    async create(event, now) {
      const db = await layer.db();
      const row = await db
        .insertInto("listening_events")
        .values({
          title: event.title,
          starts_at: event.startsAt,
          ends_at: event.endsAt,
          scope: JSON.stringify(event.scope),
          created_by: JSON.stringify(event.createdBy),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return eventOf(row);
    },
    async update(id, changes, now) {
      const key = eventId(id);
      if (key === null) return null;
      const db = await layer.db();
      const row = await db
        .updateTable("listening_events")
        .set({
          title: changes.title,
          starts_at: changes.startsAt,
          ends_at: changes.endsAt,
          scope: JSON.stringify(changes.scope),
          updated_at: now,
        })
        .where("id", "=", key)
        .returningAll()
        .executeTakeFirst();
      return row ? eventOf(row) : null;
    },
    async end(id, at) {
      const key = eventId(id);
      if (key === null) return null;
      const db = await layer.db();
      const row = await db
        .updateTable("listening_events")
        .set({ ends_at: at, updated_at: at })
        .where("id", "=", key)
        .where("starts_at", "<=", at)
        .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", at)]))
        .returningAll()
        .executeTakeFirst();
      return row ? eventOf(row) : null;
    },
    async remove(id) {
      const key = eventId(id);
      if (key === null) return false;
      const db = await layer.db();
      const result = await db.deleteFrom("listening_events").where("id", "=", key).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export function createListeningStore(layer: RecordsLayer): ListeningStore {
  // Entities are never removed, so what this process once read or stored stays true.
  const known = new Map<string, ListeningEntity>();
  let loaded: Promise<void> | null = null;

  async function loadEntities() {
    loaded ??= (async () => {
      const db = await layer.db();
      const rows = await db.selectFrom("listening_entities").selectAll().execute();
      for (const row of rows)
        known.set(keyOf({ serialNumber: row.serial_number, channelIndex: row.channel_index }), entityOf(row));
    })().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  }

  function entityOf(row: Selectable<RecordsSchema["listening_entities"]>): ListeningEntity {
    return {
      id: row.id,
      serialNumber: row.serial_number,
      channelIndex: row.channel_index,
      stationName: row.station_name,
      channelName: row.channel_name,
    };
  }

  /** The ids of the keys, adding the entities not stored yet (and names that changed). */
  async function resolve(
    trx: Transaction<RecordsSchema>,
    keys: readonly ListeningKey[],
    names: readonly EntityNames[],
  ): Promise<{ ids: Map<string, number>; learned: ListeningEntity[] }> {
    const ids = new Map<string, number>([[keyOf({ serialNumber: "", channelIndex: 0 }), venueEntityId]]);
    const nameOf = new Map(names.map((name) => [keyOf(name), name]));
    const missing = new Map<string, ListeningKey>();
    for (const key of [...keys, ...names]) {
      const text = keyOf(key);
      if (ids.has(text)) continue;
      const entity = known.get(text);
      if (entity) ids.set(text, entity.id);
      else missing.set(text, key);
    }
    const learned: ListeningEntity[] = [];
    for (const part of chunks([...missing.values()])) {
      await trx
        .insertInto("listening_entities")
        .values(
          part.map((key) => ({
            serial_number: key.serialNumber,
            channel_index: key.channelIndex,
            station_name: nameOf.get(keyOf(key))?.stationName ?? null,
            channel_name: nameOf.get(keyOf(key))?.channelName ?? null,
          })),
        )
        .onConflict((conflict) => conflict.columns(["serial_number", "channel_index"]).doNothing())
        .execute();
    }
    for (const part of chunks([...missing.values()], 200)) {
      const rows = await trx
        .selectFrom("listening_entities")
        .selectAll()
        .where((eb) =>
          eb.or(
            part.map((key) =>
              eb.and([eb("serial_number", "=", key.serialNumber), eb("channel_index", "=", key.channelIndex)]),
            ),
          ),
        )
        .execute();
      for (const row of rows) {
        const entity = entityOf(row);
        ids.set(keyOf(entity), entity.id);
        learned.push(entity);
      }
    }
    // Names that changed since they were stored.
    for (const name of names) {
      const entity = known.get(keyOf(name));
      if (!entity || (entity.stationName === name.stationName && entity.channelName === name.channelName)) continue;
      await trx
        .updateTable("listening_entities")
        .set({ station_name: name.stationName, channel_name: name.channelName })
        .where("id", "=", entity.id)
        .execute();
      learned.push({ ...entity, stationName: name.stationName, channelName: name.channelName });
    }
    return { ids, learned };
  }

  async function setState(trx: Transaction<RecordsSchema>, state: Record<string, number>) {
    for (const [name, value] of Object.entries(state)) {
      await trx
        .insertInto("listening_state")
        .values({ name, value })
        .onConflict((conflict) => conflict.column("name").doUpdateSet({ value }))
        .execute();
    }
  }

  const toSample = (row: { at: number; entity_id: number; listeners: number | null }): ListeningSample => ({
    entityId: row.entity_id,
    at: Number(row.at),
    listeners: row.listeners,
  });

  return {
    async write(batch) {
      const db = await layer.db();
      await loadEntities();
      const learned = await db.transaction().execute(async (trx) => {
        const { ids, learned: found } = await resolve(trx, batch.samples, batch.names);
        const rows = batch.samples.map((sample) => ({
          at: sample.at,
          entity_id: ids.get(keyOf(sample))!,
          listeners: sample.listeners,
        }));
        for (const part of chunks(rows)) {
          await trx
            .insertInto("listening_samples")
            .values(part)
            .onConflict((conflict) =>
              conflict.columns(["at", "entity_id"]).doUpdateSet((eb) => ({ listeners: eb.ref("excluded.listeners") })),
            )
            .execute();
        }
        for (const gap of batch.gaps) {
          await trx
            .insertInto("listening_gaps")
            .values({ starts_at: gap.startsAt, ends_at: gap.endsAt, reason: gap.reason })
            .onConflict((conflict) =>
              conflict.column("starts_at").doUpdateSet((eb) => ({
                ends_at: eb.ref("excluded.ends_at"),
                reason: eb.ref("excluded.reason"),
              })),
            )
            .execute();
        }
        for (const outage of batch.outages) {
          await trx
            .insertInto("listening_outages")
            .values({
              serial_number: outage.serialNumber,
              starts_at: outage.startsAt,
              ends_at: outage.endsAt,
              listeners: outage.listeners,
            })
            .onConflict((conflict) =>
              conflict
                .columns(["serial_number", "starts_at"])
                .doUpdateSet((eb) => ({ ends_at: eb.ref("excluded.ends_at") })),
            )
            .execute();
        }
        if (batch.state) await setState(trx, batch.state);
        return found;
      });
      // Only what was committed is remembered.
      for (const entity of learned) known.set(keyOf(entity), entity);
    },

    async entities() {
      await loadEntities();
      // Others may have added some since: read what is new.
      const db = await layer.db();
      let highest = 0;
      for (const entity of known.values()) highest = Math.max(highest, entity.id);
      const rows = await db.selectFrom("listening_entities").selectAll().where("id", ">", highest).execute();
      for (const row of rows)
        known.set(keyOf({ serialNumber: row.serial_number, channelIndex: row.channel_index }), entityOf(row));
      return [...known.values()];
    },

    async samples({ from, to }, entityIds) {
      const db = await layer.db();
      let query = db
        .selectFrom("listening_samples")
        .select(["at", "entity_id", "listeners"])
        .where("at", ">=", from)
        .where("at", "<", to);
      if (entityIds) query = query.where("entity_id", "in", [venueEntityId, ...entityIds]);
      const rows = await query.orderBy("at").orderBy("entity_id").execute();
      return rows.map(toSample);
    },

    async lastSampleAt(at) {
      const db = await layer.db();
      const row = await db
        .selectFrom("listening_samples")
        .select((eb) => eb.fn.max("at").as("at"))
        .where("at", "<=", at)
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },

    async periods(resolution, { from, to }, entityIds) {
      const db = await layer.db();
      const { rows } = await sql<Selectable<RecordsSchema["listening_periods"]>>`
        select at, entity_id, peak, listener_seconds, known_seconds, arrivals, last
        from ${periodsTable(layer, entityIds)}
        where resolution = ${resolution} and at >= ${from} and at < ${to}
        ${entityIds ? sql`and entity_id in (${sql.join([venueEntityId, ...entityIds])})` : sql``}`.execute(db);
      const span = resolution * 1000;
      return rows.map((row): ListeningPeriod => ({
        entityId: row.entity_id,
        at: Number(row.at),
        span,
        peak: row.peak,
        listenerMs: Number(row.listener_seconds) * 1000,
        knownMs: row.known_seconds * 1000,
        arrivals: row.arrivals,
        last: row.last,
      }));
    },

    async totals(resolution, { from, to }, entityIds) {
      const db = await layer.db();
      const { rows } = await sql<{
        entity_id: number;
        peak: number | null;
        listener_seconds: number | string;
        arrivals: number | string;
      }>`
        select entity_id, max(peak) as peak, sum(listener_seconds) as listener_seconds, sum(arrivals) as arrivals
        from ${periodsTable(layer, entityIds)}
        where resolution = ${resolution} and at >= ${from} and at < ${to}
        ${entityIds ? sql`and entity_id in (${sql.join([venueEntityId, ...entityIds])})` : sql``}
        group by entity_id`.execute(db);
      return rows.map((row) => ({
        entityId: row.entity_id,
        peak: row.peak === null ? null : Number(row.peak),
        listenerMs: Number(row.listener_seconds) * 1000,
        arrivals: Number(row.arrivals),
      }));
    },

    async replacePeriods(resolution, { from, to }, periods, state) {
      const db = await layer.db();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("listening_periods")
          .where("resolution", "=", resolution)
          .where("at", ">=", from)
          .where("at", "<", to)
          .execute();
        const rows = periods.map((period) => ({
          resolution,
          at: period.at,
          entity_id: period.entityId,
          peak: period.peak,
          listener_seconds: Math.round(period.listenerMs / 1000),
          known_seconds: Math.round(period.knownMs / 1000),
          arrivals: period.arrivals,
          last: period.last,
        }));
        for (const part of chunks(rows)) await trx.insertInto("listening_periods").values(part).execute();
        await setState(trx, state);
      });
    },

    async state() {
      const db = await layer.db();
      const rows = await db.selectFrom("listening_state").selectAll().execute();
      return Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]));
    },

    async gaps({ from, to }) {
      const db = await layer.db();
      const rows = await db
        .selectFrom("listening_gaps")
        .selectAll()
        .where("starts_at", "<", to)
        .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", from)]))
        .orderBy("starts_at")
        .execute();
      return rows.map((row) => ({
        startsAt: Number(row.starts_at),
        endsAt: row.ends_at === null ? null : Number(row.ends_at),
        reason: row.reason as ListeningGapReason,
      }));
    },

    async outages({ from, to }, serialNumbers) {
      const db = await layer.db();
      let query = db
        .selectFrom("listening_outages")
        .selectAll()
        .where("starts_at", "<", to)
        .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", from)]));
      if (serialNumbers) {
        if (serialNumbers.length === 0) return [];
        query = query.where("serial_number", "in", [...serialNumbers]);
      }
      const rows = await query.orderBy("starts_at").limit(5000).execute();
      return rows.map((row) => ({
        serialNumber: row.serial_number,
        startsAt: Number(row.starts_at),
        endsAt: row.ends_at === null ? null : Number(row.ends_at),
        listeners: row.listeners,
      }));
    },

    async removeOlderThan(cuts) {
      const db = await layer.db();
      let removed = 0;
      const sliced = async (
        oldest: () => Promise<number | null>,
        remove: (before: number) => Promise<number>,
        cut: number,
      ) => {
        for (let start = await oldest(); start !== null && start < cut; start = await oldest()) {
          removed += await remove(Math.min(cut, start + deleteSliceMs));
        }
      };
      const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
      await sliced(
        async () =>
          (await db.selectFrom("listening_samples").select("at").orderBy("at").limit(1).executeTakeFirst())?.at ?? null,
        async (before) =>
          deleted(await db.deleteFrom("listening_samples").where("at", "<", before).executeTakeFirstOrThrow()),
        cuts.samples,
      );
      for (const [resolutions, cut] of [
        [[60], cuts.minutes],
        [[900, 86400], cuts.longer],
      ] as const) {
        for (const resolution of resolutions) {
          await sliced(
            async () =>
              (
                await db
                  .selectFrom("listening_periods")
                  .select("at")
                  .where("resolution", "=", resolution)
                  .orderBy("at")
                  .limit(1)
                  .executeTakeFirst()
              )?.at ?? null,
            async (before) =>
              deleted(
                await db
                  .deleteFrom("listening_periods")
                  .where("resolution", "=", resolution)
                  .where("at", "<", before)
                  .executeTakeFirstOrThrow(),
              ),
            cut,
          );
        }
      }
      removed += deleted(
        await db.deleteFrom("listening_gaps").where("ends_at", "<", cuts.longer).executeTakeFirstOrThrow(),
      );
      removed += deleted(
        await db.deleteFrom("listening_outages").where("ends_at", "<", cuts.longer).executeTakeFirstOrThrow(),
      );
      return removed;
    },

    events: listeningEvents(layer),
  };
}
