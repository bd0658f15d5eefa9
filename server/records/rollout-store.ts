// The rollout store on the records' query layer (Kysely): one implementation for the SQLite file
// and PostgreSQL (docs/decisions/071-one-records-layer.md). A change of more than one statement
// runs in one transaction (SQLite's takes the write lock when it begins). markUpdateSent is one
// UPDATE: the database runs it alone per row, and a second caller re-checks its WHERE against the
// committed row and changes nothing.
import type { Expression, ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { AuditUser } from "../../app/records/audit-log";
import {
  endedRolloutStates,
  endedRolloutStationStates,
  heldRolloutStationStates,
  noStationCounts,
  rolloutIdOf,
  type Rollout,
  type RolloutOptions,
  type RolloutReason,
  type RolloutState,
  type RolloutStation,
  type RolloutStationState,
  type RolloutStore,
} from "../../app/records/rollouts";
import { parsedJson, recordTime } from "./audit-store";
import type { RecordsLayer } from "./layer/open-layer";
import type { RecordsSchema, RolloutStationTable, RolloutTable } from "./layer/schema";

/**
 * The database key of a rollout id, or null for one that cannot be a rollout's (so a made-up id
 * in a URL finds nothing instead of failing in PostgreSQL's bigint cast).
 */
function rolloutKey(id: string): number | null {
  const key = rolloutIdOf(id);
  return key === null ? null : Number(key);
}

/** Rows per INSERT: under SQLite's limit of 32,766 values and PostgreSQL's 65,535. */
const stationsPerInsert = 500;

type Time = number | Date;
const iso = (time: Time) => new Date(time).toISOString();
const isoOrNull = (time: Time | null) => (time === null ? null : iso(time));
const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));

type RolloutTables = "rollouts" | "rollout_stations";

/** Only rows in one of `states` (none for an empty list). */
function inStates<T extends RolloutTables>(states: readonly string[]) {
  return (eb: ExpressionBuilder<RecordsSchema, T>) =>
    // Both tables' state is text: the generic table hides that from the column's type.
    states.length === 0 ? eb.lit(false) : eb(eb.ref("state") as Expression<string>, "in", states);
}

function rolloutFromRow(
  row: Selectable<RolloutTable>,
  counts: ReadonlyArray<{ rollout_id: number; state: string; count: number }>,
): Rollout {
  const stationCounts = noStationCounts();
  for (const count of counts) {
    if (Number(count.rollout_id) === Number(row.id)) {
      stationCounts[count.state as RolloutStationState] = Number(count.count);
    }
  }
  return {
    id: String(row.id),
    createdAt: iso(row.created_at),
    createdBy: parsedJson<AuditUser>(row.created_by),
    updatedAt: iso(row.updated_at),
    state: row.state as RolloutState,
    options: parsedJson<RolloutOptions>(row.options),
    reason: row.reason === null ? null : parsedJson<RolloutReason>(row.reason),
    currentWave: Number(row.current_wave),
    endedAt: isoOrNull(row.ended_at),
    stationCounts,
  };
}

function stationFromRow(row: Selectable<RolloutStationTable>): RolloutStation {
  return {
    rolloutId: String(row.rollout_id),
    serialNumber: row.serial_number,
    stationType: row.station_type,
    version: row.version,
    wave: Number(row.wave),
    state: row.state as RolloutStationState,
    updateSentAt: isoOrNull(row.update_sent_at),
    endedAt: isoOrNull(row.ended_at),
    message: row.message,
    updatedAt: iso(row.updated_at),
  };
}

export function createRolloutStore(layer: RecordsLayer): RolloutStore {
  const time = (date: Date) => recordTime(layer, date);

  /** Ended states get their end time once; a state that is not an end clears it. */
  const endedAt =
    <T extends RolloutTables>(state: string, ended: readonly string[], now: Date) =>
    (eb: ExpressionBuilder<RecordsSchema, T>) =>
      ended.includes(state) ? eb.fn.coalesce(eb.ref("ended_at"), eb.val(time(now))) : eb.lit(null);

  async function withCounts(db: Kysely<RecordsSchema>, rows: Selectable<RolloutTable>[]) {
    if (rows.length === 0) return [];
    const counts = await db
      .selectFrom("rollout_stations")
      .select((eb) => ["rollout_id", "state", eb.fn.countAll<number>().as("count")])
      .where(
        "rollout_id",
        "in",
        rows.map((row) => row.id),
      )
      .groupBy(["rollout_id", "state"])
      .execute();
    return rows.map((row) => rolloutFromRow(row, counts));
  }

  async function read(key: number) {
    const db = await layer.db();
    const rows = await db.selectFrom("rollouts").selectAll().where("id", "=", key).execute();
    return (await withCounts(db, rows))[0] ?? null;
  }

  return {
    async create(rollout) {
      const now = new Date();
      const createdAt = time(rollout.createdAt ?? now);
      const db = await layer.db();
      const key = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto("rollouts")
          .values({
            created_at: createdAt,
            created_by: JSON.stringify(rollout.createdBy),
            updated_at: createdAt,
            state: "running",
            options: JSON.stringify(rollout.options),
            reason: null,
            current_wave: 0,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const rolloutId = Number(id);
        for (let start = 0; start < rollout.stations.length; start += stationsPerInsert) {
          const rows = rollout.stations.slice(start, start + stationsPerInsert).map((station) => {
            const state = station.state ?? "waiting";
            return {
              rollout_id: rolloutId,
              serial_number: station.serialNumber,
              station_type: station.stationType ?? null,
              version: station.version ?? null,
              wave: station.wave,
              state,
              ended_at: endedRolloutStationStates.includes(state) ? time(now) : null,
              message: station.message ?? null,
              updated_at: time(now),
            };
          });
          await trx.insertInto("rollout_stations").values(rows).execute();
        }
        return rolloutId;
      });
      return (await read(key))!;
    },

    async get(id) {
      const key = rolloutKey(id);
      return key === null ? null : read(key);
    },

    async list(page, filter) {
      const db = await layer.db();
      const states = filter?.states;
      const [rows, count] = await Promise.all([
        db
          .selectFrom("rollouts")
          .selectAll()
          .$if(states !== undefined, (query) => query.where(inStates(states!)))
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(page.take)
          .offset(page.skip)
          .execute(),
        db
          .selectFrom("rollouts")
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .$if(states !== undefined, (query) => query.where(inStates(states!)))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: await withCounts(db, rows), total: Number(count.total) };
    },

    async stations(id, filter) {
      const key = rolloutKey(id);
      if (key === null) return [];
      const db = await layer.db();
      const rows = await db
        .selectFrom("rollout_stations")
        .selectAll()
        .where("rollout_id", "=", key)
        .$if(filter?.wave !== undefined, (query) => query.where("wave", "=", filter!.wave!))
        .$if(filter?.states !== undefined, (query) => query.where(inStates(filter!.states!)))
        .orderBy("wave")
        .orderBy("serial_number")
        .execute();
      return rows.map(stationFromRow);
    },

    async update(id, change, from) {
      const key = rolloutKey(id);
      if (key === null) return null;
      const now = new Date();
      const db = await layer.db();
      const { numUpdatedRows } = await db
        .updateTable("rollouts")
        .set({ updated_at: time(now) })
        .$if(change.state !== undefined, (query) =>
          query.set((eb) => ({
            state: change.state!,
            ended_at: endedAt(change.state!, endedRolloutStates, now)(eb),
          })),
        )
        .$if(change.reason !== undefined, (query) => query.set({ reason: jsonOrNull(change.reason) }))
        .$if(change.currentWave !== undefined, (query) => query.set({ current_wave: change.currentWave! }))
        .where("id", "=", key)
        .$if(from !== undefined, (query) => query.where(inStates(from!)))
        .executeTakeFirst();
      return Number(numUpdatedRows) === 1 ? read(key) : null;
    },

    async updateStation(rolloutId, serialNumber, change, from) {
      const key = rolloutKey(rolloutId);
      if (key === null) return false;
      const now = new Date();
      const db = await layer.db();
      const { numUpdatedRows } = await db
        .updateTable("rollout_stations")
        .set((eb) => ({
          state: change.state,
          ended_at: endedAt(change.state, endedRolloutStationStates, now)(eb),
          updated_at: time(now),
        }))
        .$if(change.message !== undefined, (query) => query.set({ message: change.message ?? null }))
        .where("rollout_id", "=", key)
        .where("serial_number", "=", serialNumber)
        .$if(from !== undefined, (query) => query.where(inStates(from!)))
        .executeTakeFirst();
      return Number(numUpdatedRows) === 1;
    },

    /**
     * The compare-and-set behind "Update is sent at most once": one UPDATE that changes the row
     * only while the station waits, was never sent, and its rollout runs.
     */
    async markUpdateSent(rolloutId, serialNumber, at = new Date()) {
      const key = rolloutKey(rolloutId);
      if (key === null) return false;
      const db = await layer.db();
      const { numUpdatedRows } = await db
        .updateTable("rollout_stations")
        .set({ update_sent_at: time(at), state: "updating", updated_at: time(at) })
        .where("rollout_id", "=", key)
        .where("serial_number", "=", serialNumber)
        .where("state", "=", "waiting")
        .where("update_sent_at", "is", null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("rollouts")
              .select(eb.lit(1).as("one"))
              .whereRef("rollouts.id", "=", "rollout_stations.rollout_id")
              .where("rollouts.state", "=", "running"),
          ),
        )
        .executeTakeFirst();
      return Number(numUpdatedRows) === 1;
    },

    /** The stations rollouts hold (waiting or updating) → the rollout holding each (the oldest). */
    async heldStations() {
      const db = await layer.db();
      const rows = await db
        .selectFrom("rollout_stations")
        .select(["serial_number", "rollout_id"])
        .where("state", "in", heldRolloutStationStates)
        .orderBy("rollout_id")
        .execute();
      const held = new Map<string, string>();
      for (const row of rows) if (!held.has(row.serial_number)) held.set(row.serial_number, String(row.rollout_id));
      return held;
    },

    async cancel(id, reason = null) {
      const key = rolloutKey(id);
      if (key === null) return null;
      const now = time(new Date());
      const db = await layer.db();
      const cancelled = await db.transaction().execute(async (trx) => {
        const { numUpdatedRows } = await trx
          .updateTable("rollouts")
          .set({ state: "cancelled", reason: jsonOrNull(reason), ended_at: now, updated_at: now })
          .where("id", "=", key)
          .where("state", "in", ["running", "paused"])
          .executeTakeFirst();
        if (Number(numUpdatedRows) !== 1) return false;
        await trx
          .updateTable("rollout_stations")
          .set({ state: "cancelled", ended_at: now, updated_at: now })
          .where("rollout_id", "=", key)
          .where("state", "=", "waiting")
          .execute();
        return true;
      });
      return cancelled ? read(key) : null;
    },
  };
}
