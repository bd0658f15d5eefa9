// The rollout store in the SQLite file: rollout-sql.ts's statements, each change that takes more
// than one statement inside one IMMEDIATE transaction.
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { RolloutStore } from "../../app/records/rollouts";
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
import { immediately } from "./sqlite-database";

const dialect: Dialect = { placeholders: "?", time: (date) => date.getTime() };

export function createSqliteRollouts(db: DatabaseSync): RolloutStore {
  const values = (statement: Statement) => statement.values as SQLInputValue[];
  const all = <T>(statement: Statement) => db.prepare(statement.sql).all(...values(statement)) as unknown as T[];
  const run = (statement: Statement) => Number(db.prepare(statement.sql).run(...values(statement)).changes);

  function withCounts(rows: RolloutRow[]) {
    if (rows.length === 0) return [];
    const counts = all<CountRow>(
      selectStationCounts(
        dialect,
        rows.map((row) => row.id),
      ),
    );
    return rows.map((row) => rolloutFromRow(row, counts));
  }

  function read(key: string) {
    return withCounts(all<RolloutRow>(selectRollout(dialect, key)))[0] ?? null;
  }

  return {
    async create(rollout) {
      const now = new Date();
      const key = immediately(db, () => {
        const [{ id }] = all<{ id: number }>(insertRollout(dialect, rollout, now)) as [{ id: number }];
        for (const statement of insertStations(dialect, id, rollout.stations, now)) run(statement);
        return String(id);
      });
      return read(key)!;
    },

    async get(id) {
      const key = rolloutKey(id);
      return key === null ? null : read(key);
    },

    async list(page, filter) {
      const statements = selectRolloutPage(dialect, page, filter?.states);
      const rows = withCounts(all<RolloutRow>(statements.rows));
      const [{ total }] = all<{ total: number }>(statements.total) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async stations(id, filter) {
      const key = rolloutKey(id);
      if (key === null) return [];
      return all<StationRow>(selectStations(dialect, key, filter)).map(stationFromRow);
    },

    async update(id, change, from) {
      const key = rolloutKey(id);
      if (key === null) return null;
      return run(updateRollout(dialect, key, change, from, new Date())) === 1 ? read(key) : null;
    },

    async updateStation(rolloutId, serialNumber, change, from) {
      const key = rolloutKey(rolloutId);
      if (key === null) return false;
      return run(updateStation(dialect, key, serialNumber, change, from, new Date())) === 1;
    },

    async markUpdateSent(rolloutId, serialNumber, at = new Date()) {
      const key = rolloutKey(rolloutId);
      if (key === null) return false;
      return run(markUpdateSent(dialect, key, serialNumber, at)) === 1;
    },

    async heldStations() {
      return heldFromRows(all<HeldRow>(selectHeldStations(dialect)));
    },

    async cancel(id, reason = null) {
      const key = rolloutKey(id);
      if (key === null) return null;
      const [rollout, stations] = cancelRollout(dialect, key, reason, new Date()) as [Statement, Statement];
      const cancelled = immediately(db, () => {
        if (run(rollout) !== 1) return false;
        run(stations);
        return true;
      });
      return cancelled ? read(key) : null;
    },
  };
}
