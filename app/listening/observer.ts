// What the sampler stores when it learns something (docs/decisions/070-listener-history.md): a
// change of a count is a sample; the full hour and the end of a gap are keyframes (every count
// that is not 0); a station that stops is an outage with the listeners it had; a moment nothing
// can be read starts a gap — never a count of 0. Pure: the sampler (sampler.server.ts) feeds it
// the Manager's station list and hub pushes and stores the batches it returns.
import { floorTo, hourMs, venueEntityId, type SampleState } from "~/domain/listening-series";
import {
  emptyBatch,
  type ListeningEntity,
  type EntityNames,
  type ListeningBatch,
  type ListeningGap,
  type ListeningGapReason,
  type ListeningOutage,
} from "~/records/listening";

/** What the Manager says of one authorized station. */
export interface StationReading {
  serialNumber: string;
  name: string | null;
  /** Connected: its channels can be listened to, and their counts are real. */
  running: boolean;
  channels: { index: number; name: string; listeners: number }[];
}

interface StationMemory {
  running: boolean;
  stationName: string | null;
  channelNames: Map<number, string>;
  /** Its channels' counts (null: not known while it does not run). */
  channels: Map<number, number | null>;
}

export interface ObserverState {
  venueKnown: boolean;
  stations: Map<string, StationMemory>;
  /** The full hour whose keyframe is stored. */
  keyframeHour: number;
  gap: ListeningGap | null;
  outages: Map<string, ListeningOutage>;
}

export function newObserverState(): ObserverState {
  return {
    venueKnown: false,
    stations: new Map(),
    keyframeHour: Number.NEGATIVE_INFINITY,
    gap: null,
    outages: new Map(),
  };
}

/**
 * What a sampler taking over knows: the stored state at the moment (counts by entity), the
 * entities' keys and names, the gap and outages still open.
 */
export function observerStateFrom(
  stored: SampleState,
  entities: readonly ListeningEntity[],
  open: { gap: ListeningGap | null; outages: readonly ListeningOutage[]; keyframeHour: number },
): ObserverState {
  const state: ObserverState = {
    venueKnown: stored.venueKnown,
    stations: new Map(),
    keyframeHour: open.keyframeHour,
    gap: open.gap,
    outages: new Map(open.outages.map((outage) => [outage.serialNumber, outage])),
  };
  const byId = new Map(entities.map((entity) => [entity.id, entity]));
  const memory = (serialNumber: string, stationName: string | null) => {
    let station = state.stations.get(serialNumber);
    if (!station) {
      station = { running: true, stationName, channelNames: new Map(), channels: new Map() };
      state.stations.set(serialNumber, station);
    }
    return station;
  };
  for (const [entityId, value] of stored.values) {
    if (entityId === venueEntityId) continue;
    const entity = byId.get(entityId);
    if (!entity) continue;
    const station = memory(entity.serialNumber, entity.stationName);
    if (entity.channelIndex === 0) {
      if (value === null) station.running = false;
    } else {
      station.channels.set(entity.channelIndex, value);
      station.channelNames.set(entity.channelIndex, entity.channelName ?? "");
    }
  }
  // A station not running is known with its channels (unknown) — name them all.
  for (const entity of entities) {
    const station = state.stations.get(entity.serialNumber);
    if (!station || entity.channelIndex === 0) continue;
    station.channelNames.set(entity.channelIndex, entity.channelName ?? "");
    if (!station.running) station.channels.set(entity.channelIndex, null);
    else if (!station.channels.has(entity.channelIndex)) station.channels.set(entity.channelIndex, 0);
  }
  return state;
}

const stationTotal = (station: StationMemory): number | null => {
  if (!station.running) return null;
  let total = 0;
  for (const listeners of station.channels.values()) total += listeners ?? 0;
  return total;
};

function venueTotal(state: ObserverState) {
  let total = 0;
  for (const station of state.stations.values()) total += stationTotal(station) ?? 0;
  return total;
}

/** Every count that is not 0 (and the venue's total): what a keyframe names. */
function keyframe(state: ObserverState, at: number, batch: ListeningBatch) {
  batch.samples.push({ serialNumber: "", channelIndex: 0, at, listeners: venueTotal(state) });
  for (const [serialNumber, station] of state.stations) {
    const total = stationTotal(station);
    if (total !== 0) batch.samples.push({ serialNumber, channelIndex: 0, at, listeners: total });
    for (const [channelIndex, listeners] of station.channels) {
      const value = station.running ? listeners : null;
      if (value !== 0) batch.samples.push({ serialNumber, channelIndex, at, listeners: value });
    }
  }
}

/** Before anything of a new full hour is stored: the hour's keyframe, with what was known at its start. */
function keyframeForHour(state: ObserverState, at: number, batch: ListeningBatch) {
  const hour = floorTo(at, hourMs);
  if (hour <= state.keyframeHour) return;
  state.keyframeHour = hour;
  if (state.venueKnown) keyframe(state, hour, batch);
}

function memoryOf(reading: StationReading): StationMemory {
  return {
    running: reading.running,
    stationName: reading.name,
    channelNames: new Map(reading.channels.map((channel) => [channel.index, channel.name])),
    channels: new Map(reading.channels.map((channel) => [channel.index, reading.running ? channel.listeners : null])),
  };
}

/** Names not stored yet, or changed. */
function namesOf(before: StationMemory | undefined, after: StationMemory, serialNumber: string): EntityNames[] {
  const names: EntityNames[] = [];
  const stationRenamed = before?.stationName !== after.stationName;
  if (!before || stationRenamed)
    names.push({ serialNumber, channelIndex: 0, stationName: after.stationName, channelName: null });
  for (const [channelIndex, channelName] of after.channelNames) {
    if (!stationRenamed && before?.channelNames.get(channelIndex) === channelName) continue;
    names.push({ serialNumber, channelIndex, stationName: after.stationName, channelName });
  }
  return names;
}

/** Samples for what changed between two memories of a station (both while the venue is known). */
function changesOf(
  serialNumber: string,
  before: StationMemory | undefined,
  after: StationMemory | undefined,
  at: number,
  batch: ListeningBatch,
) {
  const indexes = new Set([...(before?.channels.keys() ?? []), ...(after?.channels.keys() ?? [])]);
  for (const channelIndex of indexes) {
    const old = before ? (before.running ? (before.channels.get(channelIndex) ?? 0) : null) : 0;
    const now = after ? (after.running ? (after.channels.get(channelIndex) ?? 0) : null) : null;
    if (old !== now) batch.samples.push({ serialNumber, channelIndex, at, listeners: now });
  }
  const oldTotal = before ? stationTotal(before) : 0;
  const newTotal = after ? stationTotal(after) : null;
  if (oldTotal !== newTotal) batch.samples.push({ serialNumber, channelIndex: 0, at, listeners: newTotal });
}

function outageChanges(
  state: ObserverState,
  serialNumber: string,
  before: StationMemory | undefined,
  runningNow: boolean,
  at: number,
  batch: ListeningBatch,
) {
  const open = state.outages.get(serialNumber);
  if (runningNow && open) {
    const closed = { ...open, endsAt: at };
    state.outages.delete(serialNumber);
    batch.outages.push(closed);
  } else if (!runningNow && before?.running && !open) {
    const opened: ListeningOutage = { serialNumber, startsAt: at, endsAt: null, listeners: stationTotal(before) ?? 0 };
    state.outages.set(serialNumber, opened);
    batch.outages.push(opened);
  }
}

/**
 * A full reading of the station list. After a gap it is a keyframe (the gap ends); else only what
 * changed is stored. Stations that are no longer listed have stopped, for all the sampler knows.
 * `pushedSince`: stations whose push arrived after the list was asked for — the push is newer.
 */
export function observeFleet(
  state: ObserverState,
  readings: readonly StationReading[],
  at: number,
  pushedSince: ReadonlySet<string> = new Set(),
): ListeningBatch {
  const batch = emptyBatch();
  keyframeForHour(state, at, batch);
  const listed = new Map(readings.map((reading) => [reading.serialNumber, reading]));
  const wasKnown = state.venueKnown;
  const oldVenueTotal = wasKnown ? venueTotal(state) : null;
  for (const [serialNumber, reading] of listed) {
    if (pushedSince.has(serialNumber) && state.stations.has(serialNumber)) continue;
    const before = state.stations.get(serialNumber);
    const after = memoryOf(reading);
    batch.names.push(...namesOf(before, after, serialNumber));
    if (wasKnown) {
      changesOf(serialNumber, before, after, at, batch);
      outageChanges(state, serialNumber, before, after.running, at, batch);
    } else if (after.running && state.outages.has(serialNumber)) {
      outageChanges(state, serialNumber, before, true, at, batch);
    }
    state.stations.set(serialNumber, after);
  }
  for (const [serialNumber, before] of state.stations) {
    if (listed.has(serialNumber)) continue;
    // No longer listed (removed, rejected): its counts stop being known, and from the next
    // keyframe on it is no part of the venue.
    if (wasKnown) {
      const after: StationMemory = { ...before, running: false };
      changesOf(serialNumber, before, after, at, batch);
      outageChanges(state, serialNumber, before, false, at, batch);
    }
    state.stations.delete(serialNumber);
  }
  if (!wasKnown) {
    state.venueKnown = true;
    state.keyframeHour = Math.max(state.keyframeHour, floorTo(at, hourMs));
    keyframe(state, at, batch);
    if (state.gap) {
      batch.gaps.push({ ...state.gap, endsAt: at });
      state.gap = null;
    }
  } else {
    const total = venueTotal(state);
    if (total !== oldVenueTotal) batch.samples.push({ serialNumber: "", channelIndex: 0, at, listeners: total });
  }
  return batch;
}

/** One station's new reading (null: gone), while the venue is known. */
function applyReading(
  state: ObserverState,
  serialNumber: string,
  reading: StationReading | null,
  at: number,
  batch: ListeningBatch,
) {
  const before = state.stations.get(serialNumber);
  if (!before && !reading) return;
  const after: StationMemory = reading ? memoryOf(reading) : { ...before!, running: false };
  if (reading) batch.names.push(...namesOf(before, after, serialNumber));
  changesOf(serialNumber, before, after, at, batch);
  outageChanges(state, serialNumber, before, after.running, at, batch);
  state.stations.set(serialNumber, after);
}

/**
 * Readings of some stations (the others unchanged), while the venue is known: what changed, and
 * the venue's total once.
 */
export function observeStations(state: ObserverState, readings: readonly StationReading[], at: number): ListeningBatch {
  const batch = emptyBatch();
  if (!state.venueKnown) return batch;
  keyframeForHour(state, at, batch);
  const oldTotal = venueTotal(state);
  for (const reading of readings) applyReading(state, reading.serialNumber, reading, at, batch);
  const total = venueTotal(state);
  if (total !== oldTotal) batch.samples.push({ serialNumber: "", channelIndex: 0, at, listeners: total });
  return batch;
}

/** A pushed station (StationChanged): its counts and state, while the venue is known; null when removed. */
export function observeStation(state: ObserverState, reading: StationReading | null, serialNumber: string, at: number) {
  const batch = emptyBatch();
  if (!state.venueKnown) return batch;
  keyframeForHour(state, at, batch);
  const oldTotal = venueTotal(state);
  applyReading(state, serialNumber, reading, at, batch);
  const total = venueTotal(state);
  if (total !== oldTotal) batch.samples.push({ serialNumber: "", channelIndex: 0, at, listeners: total });
  return batch;
}

/** A pushed channel (ChannelChanged): its count, while the venue is known and its station runs. */
export function observeChannel(
  state: ObserverState,
  channel: { serialNumber: string; index: number; name: string; listeners: number },
  at: number,
): ListeningBatch {
  const station = state.stations.get(channel.serialNumber);
  if (!state.venueKnown || !station?.running) return emptyBatch();
  const channels = new Map(
    [...station.channels].map(([index, listeners]) => [
      index,
      { index, name: station.channelNames.get(index) ?? "", listeners: listeners ?? 0 },
    ]),
  );
  channels.set(channel.index, { index: channel.index, name: channel.name, listeners: channel.listeners });
  const reading = {
    serialNumber: channel.serialNumber,
    name: station.stationName,
    running: true,
    channels: [...channels.values()],
  };
  return observeStation(state, reading, channel.serialNumber, at);
}

export function mergeBatches(first: ListeningBatch, second: ListeningBatch): ListeningBatch {
  return {
    samples: [...first.samples, ...second.samples],
    names: [...first.names, ...second.names],
    gaps: [...first.gaps, ...second.gaps],
    outages: [...first.outages, ...second.outages],
    state: first.state || second.state ? { ...first.state, ...second.state } : undefined,
  };
}

/**
 * Nothing can be read from here on (the Manager away or refusing, nobody to read for, the
 * console was not sampling): the venue is not known — a gap, with its reason, never a 0.
 */
export function observeNothing(state: ObserverState, at: number, reason: ListeningGapReason): ListeningBatch {
  const batch = emptyBatch();
  if (state.venueKnown) {
    keyframeForHour(state, at, batch);
    batch.samples.push({ serialNumber: "", channelIndex: 0, at, listeners: null });
    state.venueKnown = false;
  }
  if (!state.gap) {
    state.gap = { startsAt: at, endsAt: null, reason };
    batch.gaps.push(state.gap);
  }
  return batch;
}
