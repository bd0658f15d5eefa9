// The rollout store in PostgreSQL: rollout-sql.ts's statements, a change of more than one
// statement in one transaction. markUpdateSent is one UPDATE: PostgreSQL locks the row, and a
// second caller waiting on it re-checks the WHERE against the committed row and changes nothing.
import type { PoolClient } from "pg";
import type { RolloutStore } from "../../app/records/rollouts";
import type { Query } from "./postgres-database";
import {
  cancelRollout,
  heldFromRows,
  insertRollout,
  insertStations,
  markUpdateSent,
  rolloutFromRow,
  rolloutKey,
  selectHeldStations,
  selectRollout,
  selectRolloutPage,
  selectStationCounts,
  selectStations,
  stationFromRow,
  updateRollout,
  updateStation,
  type CountRow,
  type Dialect,
  type HeldRow,
  type RolloutRow,
  type Statement,
  type StationRow,
} from "./rollout-sql";

const dialect: Dialect = { placeholders: "$", time: (date) => date };

export function createPostgresRollouts(
  query: Query,
  transaction: <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>,
): RolloutStore {
  const rows = async <T extends object>(statement: Statement) => (await query<T>(statement.sql, statement.values)).rows;
  const changed = async (statement: Statement) => (await query(statement.sql, statement.values)).rowCount ?? 0;

  async function withCounts(found: RolloutRow[]) {
    if (found.length === 0) return [];
    const counts = await rows<CountRow>(
      selectStationCounts(
        dialect,
        found.map((row) => row.id),
      ),
    );
    return found.map((row) => rolloutFromRow(row, counts));
  }

  async function read(key: string) {
    return (await withCounts(await rows<RolloutRow>(selectRollout(dialect, key))))[0] ?? null;
  }

  return {
    async create(rollout) {
      const now = new Date();
      const key = await transaction(async (client) => {
        const inserted = insertRollout(dialect, rollout, now);
        const { rows: ids } = await client.query<{ id: string }>(inserted.sql, inserted.values);
        const id = ids[0]!.id;
        for (const statement of insertStations(dialect, id, rollout.stations, now)) {
          await client.query(statement.sql, statement.values);
        }
        return id;
      });
      return (await read(key))!;
    },

    async get(id) {
      const key = rolloutKey(id);
      return key === null ? null : read(key);
    },

    async list(page, filter) {
      const statements = selectRolloutPage(dialect, page, filter?.states);
      const [found, totals] = await Promise.all([
        rows<RolloutRow>(statements.rows),
        rows<{ total: string }>(statements.total),
      ]);
      return { rows: await withCounts(found), total: Number(totals[0]!.total) };
    },

    async stations(id, filter) {
      const key = rolloutKey(id);
      if (key === null) return [];
      return (await rows<StationRow>(selectStations(dialect, key, filter))).map(stationFromRow);
    },

    async update(id, change, from) {
      const key = rolloutKey(id);
      if (key === null) return null;
      return (await changed(updateRollout(dialect, key, change, from, new Date()))) === 1 ? read(key) : null;
    },

    async updateStation(rolloutId, serialNumber, change, from) {
      const key = rolloutKey(rolloutId);
      if (key === null) return false;
      return (await changed(updateStation(dialect, key, serialNumber, change, from, new Date()))) === 1;
    },

    async markUpdateSent(rolloutId, serialNumber, at = new Date()) {
      const key = rolloutKey(rolloutId);
      if (key === null) return false;
      return (await changed(markUpdateSent(dialect, key, serialNumber, at))) === 1;
    },

    async heldStations() {
      return heldFromRows(await rows<HeldRow>(selectHeldStations(dialect)));
    },

    async cancel(id, reason = null) {
      const key = rolloutKey(id);
      if (key === null) return null;
      const [rollout, stations] = cancelRollout(dialect, key, reason, new Date()) as [Statement, Statement];
      const cancelled = await transaction(async (client) => {
        if (((await client.query(rollout.sql, rollout.values)).rowCount ?? 0) !== 1) return false;
        await client.query(stations.sql, stations.values);
        return true;
      });
      return cancelled ? read(key) : null;
    },
  };
}
