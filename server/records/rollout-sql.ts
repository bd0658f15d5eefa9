// The rollout store's statements, written once for both databases: each builder answers the SQL
// and its values in the dialect's placeholders and time form; sqlite-rollouts.ts and
// postgres-rollouts.ts run them (SQLite inside one synchronous transaction, PostgreSQL on one
// client inside BEGIN … COMMIT).
import {
  endedRolloutStates,
  endedRolloutStationStates,
  heldRolloutStationStates,
  noStationCounts,
  rolloutIdOf,
  type NewRollout,
  type NewRolloutStation,
  type Rollout,
  type RolloutChange,
  type RolloutOptions,
  type RolloutReason,
  type RolloutState,
  type RolloutStation,
  type RolloutStationChange,
  type RolloutStationState,
} from "../../app/records/rollouts";
import type { AuditUser } from "../../app/records/audit-log";
import { SqlParameters } from "./audit-sql";

export interface Statement {
  sql: string;
  values: unknown[];
}

export interface Dialect {
  placeholders: "?" | "$";
  /** A time as the database keeps it: milliseconds (SQLite) or a Date (timestamptz). */
  time(date: Date): unknown;
}

/**
 * The database key of a rollout id, or null for one that cannot be a rollout's (so a made-up
 * id in a URL finds nothing instead of failing in PostgreSQL's bigint cast).
 */
export function rolloutKey(id: string): string | null {
  return rolloutIdOf(id);
}

const list = (parameters: SqlParameters, values: readonly unknown[]) =>
  values.map((value) => parameters.add(value)).join(", ");

/** Ended states get their end time once; a state that is not an end clears it. */
function endedAt(parameters: SqlParameters, state: string, ended: readonly string[], now: unknown) {
  return ended.includes(state) ? `coalesce(ended_at, ${parameters.add(now)})` : "NULL";
}

export function insertRollout(dialect: Dialect, rollout: NewRollout, now: Date): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  const createdAt = dialect.time(rollout.createdAt ?? now);
  const values = [
    parameters.add(createdAt),
    parameters.add(JSON.stringify(rollout.createdBy)),
    parameters.add(createdAt),
    parameters.add("running"),
    parameters.add(JSON.stringify(rollout.options)),
  ];
  return {
    sql: `INSERT INTO rollouts (created_at, created_by, updated_at, state, options, reason, current_wave)
          VALUES (${values.join(", ")}, NULL, 0) RETURNING id`,
    values: parameters.values,
  };
}

/** Rows per INSERT: under SQLite's limit of 32,766 values and PostgreSQL's 65,535. */
const stationsPerInsert = 500;

export function insertStations(
  dialect: Dialect,
  rolloutId: unknown,
  stations: readonly NewRolloutStation[],
  now: Date,
): Statement[] {
  const statements: Statement[] = [];
  for (let start = 0; start < stations.length; start += stationsPerInsert) {
    const parameters = new SqlParameters(dialect.placeholders);
    const rows = stations.slice(start, start + stationsPerInsert).map((station) => {
      const state = station.state ?? "waiting";
      const values = [
        rolloutId,
        station.serialNumber,
        station.stationType ?? null,
        station.version ?? null,
        station.wave,
        state,
        endedRolloutStationStates.includes(state) ? dialect.time(now) : null,
        station.message ?? null,
        dialect.time(now),
      ];
      return `(${list(parameters, values)})`;
    });
    statements.push({
      sql: `INSERT INTO rollout_stations (rollout_id, serial_number, station_type, version, wave, state, ended_at, message, updated_at)
            VALUES ${rows.join(", ")}`,
      values: parameters.values,
    });
  }
  return statements;
}

const rolloutColumns = "id, created_at, created_by, updated_at, state, options, reason, current_wave, ended_at";

export function selectRollout(dialect: Dialect, key: string): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  return { sql: `SELECT ${rolloutColumns} FROM rollouts WHERE id = ${parameters.add(key)}`, values: parameters.values };
}

function statesCondition(parameters: SqlParameters, states: readonly string[] | undefined) {
  if (states === undefined) return "";
  if (states.length === 0) return "WHERE 1 = 0";
  return `WHERE state IN (${list(parameters, states)})`;
}

export function selectRolloutPage(
  dialect: Dialect,
  page: { skip: number; take: number },
  states: readonly RolloutState[] | undefined,
): { rows: Statement; total: Statement } {
  const rowParameters = new SqlParameters(dialect.placeholders);
  const rowWhere = statesCondition(rowParameters, states);
  const rows = {
    sql: `SELECT ${rolloutColumns} FROM rollouts ${rowWhere} ORDER BY created_at DESC, id DESC
          LIMIT ${rowParameters.add(page.take)} OFFSET ${rowParameters.add(page.skip)}`,
    values: rowParameters.values,
  };
  const totalParameters = new SqlParameters(dialect.placeholders);
  const total = {
    sql: `SELECT count(*) AS total FROM rollouts ${statesCondition(totalParameters, states)}`,
    values: totalParameters.values,
  };
  return { rows, total };
}

/** How many stations of each rollout are in each state. */
export function selectStationCounts(dialect: Dialect, keys: readonly unknown[]): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  return {
    sql: `SELECT rollout_id, state, count(*) AS count FROM rollout_stations
          WHERE rollout_id IN (${list(parameters, keys)}) GROUP BY rollout_id, state`,
    values: parameters.values,
  };
}

const stationColumns =
  "rollout_id, serial_number, station_type, version, wave, state, update_sent_at, ended_at, message, updated_at";

export function selectStations(
  dialect: Dialect,
  key: string,
  filter: { wave?: number; states?: readonly RolloutStationState[] } | undefined,
): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  const conditions = [`rollout_id = ${parameters.add(key)}`];
  if (filter?.wave !== undefined) conditions.push(`wave = ${parameters.add(filter.wave)}`);
  if (filter?.states !== undefined) {
    conditions.push(filter.states.length === 0 ? "1 = 0" : `state IN (${list(parameters, filter.states)})`);
  }
  return {
    sql: `SELECT ${stationColumns} FROM rollout_stations WHERE ${conditions.join(" AND ")} ORDER BY wave, serial_number`,
    values: parameters.values,
  };
}

/** The stations rollouts hold (waiting or updating), with the rollout holding each. */
export function selectHeldStations(dialect: Dialect): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  return {
    sql: `SELECT serial_number, rollout_id FROM rollout_stations
          WHERE state IN (${list(parameters, heldRolloutStationStates)}) ORDER BY rollout_id`,
    values: parameters.values,
  };
}

export interface HeldRow {
  serial_number: string;
  rollout_id: unknown;
}

/** Serial number → the rollout holding it (the oldest, should two ever). */
export function heldFromRows(rows: readonly HeldRow[]): Map<string, string> {
  const held = new Map<string, string>();
  for (const row of rows) if (!held.has(row.serial_number)) held.set(row.serial_number, String(row.rollout_id));
  return held;
}

/** Null when the change changes nothing. */
export function updateRollout(
  dialect: Dialect,
  key: string,
  change: RolloutChange,
  from: readonly RolloutState[] | undefined,
  now: Date,
): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  const sets = [`updated_at = ${parameters.add(dialect.time(now))}`];
  if (change.state !== undefined) {
    sets.push(`state = ${parameters.add(change.state)}`);
    sets.push(`ended_at = ${endedAt(parameters, change.state, endedRolloutStates, dialect.time(now))}`);
  }
  if (change.reason !== undefined) {
    sets.push(`reason = ${parameters.add(change.reason === null ? null : JSON.stringify(change.reason))}`);
  }
  if (change.currentWave !== undefined) sets.push(`current_wave = ${parameters.add(change.currentWave)}`);
  const conditions = [`id = ${parameters.add(key)}`];
  if (from !== undefined) conditions.push(from.length === 0 ? "1 = 0" : `state IN (${list(parameters, from)})`);
  return {
    sql: `UPDATE rollouts SET ${sets.join(", ")} WHERE ${conditions.join(" AND ")}`,
    values: parameters.values,
  };
}

export function updateStation(
  dialect: Dialect,
  key: string,
  serialNumber: string,
  change: RolloutStationChange,
  from: readonly RolloutStationState[] | undefined,
  now: Date,
): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  const sets = [
    `state = ${parameters.add(change.state)}`,
    `ended_at = ${endedAt(parameters, change.state, endedRolloutStationStates, dialect.time(now))}`,
    `updated_at = ${parameters.add(dialect.time(now))}`,
  ];
  if (change.message !== undefined) sets.push(`message = ${parameters.add(change.message)}`);
  const conditions = [`rollout_id = ${parameters.add(key)}`, `serial_number = ${parameters.add(serialNumber)}`];
  if (from !== undefined) conditions.push(from.length === 0 ? "1 = 0" : `state IN (${list(parameters, from)})`);
  return {
    sql: `UPDATE rollout_stations SET ${sets.join(", ")} WHERE ${conditions.join(" AND ")}`,
    values: parameters.values,
  };
}

/**
 * The compare-and-set behind "Update is sent at most once": one UPDATE that changes the row only
 * while the station waits, was never sent, and its rollout runs. The database runs it alone per
 * row, so of any number of callers exactly one sees a changed row.
 */
export function markUpdateSent(dialect: Dialect, key: string, serialNumber: string, at: Date): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  const time = dialect.time(at);
  return {
    sql: `UPDATE rollout_stations SET update_sent_at = ${parameters.add(time)}, state = 'updating', updated_at = ${parameters.add(time)}
          WHERE rollout_id = ${parameters.add(key)} AND serial_number = ${parameters.add(serialNumber)}
            AND state = 'waiting' AND update_sent_at IS NULL
            AND EXISTS (SELECT 1 FROM rollouts WHERE rollouts.id = rollout_stations.rollout_id AND rollouts.state = 'running')`,
    values: parameters.values,
  };
}

export function cancelRollout(dialect: Dialect, key: string, reason: RolloutReason | null, now: Date): Statement[] {
  const rollout = new SqlParameters(dialect.placeholders);
  const stations = new SqlParameters(dialect.placeholders);
  const time = dialect.time(now);
  return [
    {
      sql: `UPDATE rollouts SET state = 'cancelled', reason = ${rollout.add(reason === null ? null : JSON.stringify(reason))},
              ended_at = ${rollout.add(time)}, updated_at = ${rollout.add(time)}
            WHERE id = ${rollout.add(key)} AND state IN ('running', 'paused')`,
      values: rollout.values,
    },
    {
      sql: `UPDATE rollout_stations SET state = 'cancelled', ended_at = ${stations.add(time)}, updated_at = ${stations.add(time)}
            WHERE rollout_id = ${stations.add(key)} AND state = 'waiting'`,
      values: stations.values,
    },
  ];
}

export interface RolloutRow {
  id: unknown;
  created_at: number | Date;
  created_by: string | AuditUser;
  updated_at: number | Date;
  state: string;
  options: string | RolloutOptions;
  reason: string | RolloutReason | null;
  current_wave: number;
  ended_at: number | Date | null;
}

export interface StationRow {
  rollout_id: unknown;
  serial_number: string;
  station_type: string | null;
  version: string | null;
  wave: number;
  state: string;
  update_sent_at: number | Date | null;
  ended_at: number | Date | null;
  message: string | null;
  updated_at: number | Date;
}

export interface CountRow {
  rollout_id: unknown;
  state: string;
  count: number | string | bigint;
}

const parsed = <T>(value: string | T): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
const iso = (time: number | Date) => new Date(time).toISOString();
const isoOrNull = (time: number | Date | null) => (time === null ? null : iso(time));

export function rolloutFromRow(row: RolloutRow, counts: readonly CountRow[]): Rollout {
  const stationCounts = noStationCounts();
  for (const count of counts) {
    if (String(count.rollout_id) === String(row.id)) {
      stationCounts[count.state as RolloutStationState] = Number(count.count);
    }
  }
  return {
    id: String(row.id),
    createdAt: iso(row.created_at),
    createdBy: parsed(row.created_by),
    updatedAt: iso(row.updated_at),
    state: row.state as RolloutState,
    options: parsed(row.options),
    reason: row.reason === null ? null : parsed(row.reason),
    currentWave: Number(row.current_wave),
    endedAt: isoOrNull(row.ended_at),
    stationCounts,
  };
}

export function stationFromRow(row: StationRow): RolloutStation {
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
