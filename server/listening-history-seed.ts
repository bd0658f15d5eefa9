// A listening history made up from the simulator's venue past (simulator/audience/history.ts),
// stored exactly as the sampler and its roll-ups would have stored it: samples for the last day,
// minutes for the last 30, quarter hours and days for all of it, with the gaps, outages and marks.
// The demo (the built-in simulator) seeds one on its first start so its charts show something at
// once (docs/decisions/070-listener-history.md); the bench seeds a 5,000-station venue the same way.
import {
  alignedEdges,
  dayMs,
  floorTo,
  hourMs,
  mergePeriods,
  minuteMs,
  periodsFromSamples,
  quarterMs,
  unknownState,
  type ListeningPeriod,
  type ListeningSample,
  type SampleState,
} from "../app/domain/listening-series";
import {
  newObserverState,
  observeFleet,
  observeNothing,
  observeStations,
  type StationReading,
} from "../app/listening/observer";
import { minutesKeptMs, samplesKeptMs } from "../app/listening/rollup.server";
import { emptyBatch, type EntityNames, type ListeningBatch, type ListeningStore } from "../app/records/listening";
import { pastShows, type HistoryStation, type PastShow } from "../simulator/audience/history";
import { audienceAt } from "../simulator/audience/show";

export interface SeedOptions {
  /** The history's first day (UTC) and its end (now). */
  from: number;
  now: number;
  /** Steps between readings: coarse for older days, fine for the last day (whose samples are kept). */
  coarseStepMs?: number;
  fineStepMs?: number;
  /** Stretches nobody sampled (the console was down), shown as gaps. */
  consoleDown?: { from: number; to: number }[];
  sampleEveryMs?: number;
  /** Told after each day is stored (the bench reports progress). */
  onDay?: (day: number, stored: { samples: number; periods: number }) => void;
}

const keyOf = (serialNumber: string, channelIndex: number) => `${serialNumber}\u0000${channelIndex}`;

/** Stations' counts at each step: only stations whose counts changed since the last step. */
function readingsOverTime(stations: readonly HistoryStation[], shows: readonly PastShow[]) {
  const byStation = new Map(stations.map((station) => [station.serialNumber, station]));
  let next = 0;
  const active = new Set<PastShow>();
  const last = new Map<string, string>();
  return (at: number): StationReading[] => {
    while (next < shows.length && shows[next]!.plan.startsAt - shows[next]!.plan.arriveMs <= at)
      active.add(shows[next++]!);
    const counts = new Map<string, { running: boolean; listeners: number[] }>();
    for (const past of active) {
      const station = byStation.get(past.serialNumber)!;
      if (past.plan.endsAt + past.plan.leaveMs <= at) {
        active.delete(past);
        if (!counts.has(past.serialNumber))
          counts.set(past.serialNumber, { running: true, listeners: station.channels.map(() => 0) });
        continue;
      }
      const dropped = past.drop !== null && at >= past.drop.at && at < past.drop.at + past.drop.durationMs;
      const listeners = dropped
        ? station.channels.map(() => 0)
        : audienceAt(past.plan, at, station.channels.length, past.plan.peak);
      const current = counts.get(past.serialNumber);
      counts.set(past.serialNumber, {
        running: (current?.running ?? true) && !dropped,
        listeners: current ? current.listeners.map((count, index) => count + listeners[index]!) : listeners,
      });
    }
    const readings: StationReading[] = [];
    for (const [serialNumber, { running, listeners }] of counts) {
      const text = `${running}:${listeners.join(",")}`;
      if (last.get(serialNumber) === text) continue;
      last.set(serialNumber, text);
      const station = byStation.get(serialNumber)!;
      readings.push({
        serialNumber,
        name: station.name,
        running,
        channels: station.channels.map((channel, index) => ({ ...channel, listeners: listeners[index]! })),
      });
    }
    return readings;
  };
}

/** The names of the stations' entities: each station's total and each of its channels. */
export function entityNamesOf(stations: readonly HistoryStation[]): EntityNames[] {
  return stations.flatMap((station) => [
    { serialNumber: station.serialNumber, channelIndex: 0, stationName: station.name, channelName: null },
    ...station.channels.map((channel) => ({
      serialNumber: station.serialNumber,
      channelIndex: channel.index,
      stationName: station.name,
      channelName: channel.name,
    })),
  ]);
}

/** Stores a made-up history in an empty store; false (nothing done) when the store has one. */
export async function seedListeningHistory(
  store: ListeningStore,
  stations: readonly HistoryStation[],
  options: SeedOptions,
): Promise<boolean> {
  if ((await store.state()).historyFrom !== undefined) return false;
  const { now } = options;
  const from = floorTo(options.from, dayMs);
  const coarseStepMs = options.coarseStepMs ?? 5 * minuteMs;
  const fineStepMs = options.fineStepMs ?? 30_000;
  const samplesFrom = floorTo(now - samplesKeptMs, hourMs);
  const minutesFrom = floorTo(now - minutesKeptMs, dayMs);
  const end = now;
  const shows = pastShows(stations, from, now);
  const readingsAt = readingsOverTime(stations, shows);
  const downs = options.consoleDown ?? [];

  const names = entityNamesOf(stations);
  for (let index = 0; index < names.length; index += 2000) {
    await store.write({ ...emptyBatch(), names: names.slice(index, index + 2000) });
  }
  const ids = new Map(
    (await store.entities()).map((entity) => [keyOf(entity.serialNumber, entity.channelIndex), entity.id]),
  );

  // Periods are stored a week at a time per resolution: few transactions, bounded memory.
  const buffers = new Map<number, { from: number; to: number; periods: ListeningPeriod[]; mark: string }>();
  const buffer = async (
    resolution: number,
    mark: string,
    range: { from: number; to: number },
    periods: ListeningPeriod[],
  ) => {
    const held = buffers.get(resolution) ?? { from: range.from, to: range.from, periods: [], mark };
    held.to = range.to;
    // One at a time: a day of minutes at 5,000 stations is more arguments than a call may take.
    for (const period of periods) held.periods.push(period);
    buffers.set(resolution, held);
    if (held.periods.length > 50_000 || held.to - held.from >= 7 * dayMs) await flushBuffer(resolution);
  };
  const flushBuffer = async (resolution: number) => {
    const held = buffers.get(resolution);
    if (!held || held.to <= held.from) return;
    buffers.delete(resolution);
    await store.replacePeriods(resolution, { from: held.from, to: held.to }, held.periods, { [held.mark]: held.to });
  };

  const observer = newObserverState();
  // Everyone starts with nobody listening: the first reading names every station.
  const first = observeFleet(
    observer,
    stations.map((station) => ({
      serialNumber: station.serialNumber,
      name: station.name,
      running: true,
      channels: station.channels.map((channel) => ({ ...channel, listeners: 0 })),
    })),
    from,
  );
  let pending: ListeningBatch = first;
  let state: SampleState = unknownState();
  let lastAt = from;
  for (let day = from; day < end; day += dayMs) {
    const dayEnd = Math.min(day + dayMs, end);
    const step = dayEnd > samplesFrom ? fineStepMs : coarseStepMs;
    const batches: ListeningBatch[] = [pending];
    pending = emptyBatch();
    for (let at = day === from ? from + step : day; at < dayEnd; at += step) {
      const down = downs.some((stretch) => at >= stretch.from && at < stretch.to);
      if (down) batches.push(observeNothing(observer, at, "notSampled"));
      else if (!observer.venueKnown)
        batches.push(observeFleet(observer, stationsNow(stations, readingsAt(at), observer), at));
      else batches.push(observeStations(observer, readingsAt(at), at));
      lastAt = at;
    }
    const keyed = batches.flatMap((batch) => batch.samples);
    const samples: ListeningSample[] = keyed
      .map((sample) => ({
        entityId: ids.get(keyOf(sample.serialNumber, sample.channelIndex)) ?? 0,
        at: sample.at,
        listeners: sample.listeners,
      }))
      .sort((a, b) => a.at - b.at || a.entityId - b.entityId);
    // Periods only of what is complete: the last day's minutes and quarters up to now. Days
    // older than the minutes kept go to quarter hours at once (the same sums, fewer steps).
    const minuteEnd = floorTo(dayEnd, minuteMs);
    const quarterEnd = floorTo(minuteEnd, quarterMs);
    let quarters;
    if (minuteEnd > minutesFrom) {
      const walked = periodsFromSamples(samples, state, alignedEdges(day, minuteEnd, minuteMs));
      state = walked.state;
      quarters = quarterEnd > day ? mergePeriods(walked.periods, alignedEdges(day, quarterEnd, quarterMs)) : [];
      await buffer(60, "minutesUntil", { from: day, to: minuteEnd }, walked.periods);
    } else {
      const walked = periodsFromSamples(samples, state, alignedEdges(day, quarterEnd, quarterMs));
      state = walked.state;
      quarters = walked.periods;
    }
    await buffer(900, "quartersUntil", { from: day, to: quarterEnd }, quarters);
    if (dayEnd === day + dayMs)
      await buffer(86400, "daysUntil", { from: day, to: dayEnd }, mergePeriods(quarters, [day, dayEnd]));
    const kept = keyed.filter((sample) => sample.at >= samplesFrom);
    const stored: ListeningBatch = {
      ...emptyBatch(),
      samples: kept,
      gaps: batches.flatMap((batch) => batch.gaps),
      outages: batches.flatMap((batch) => batch.outages),
    };
    const hasRecords = stored.samples.length + stored.gaps.length + stored.outages.length > 0;
    for (let index = 0; hasRecords && index < Math.max(1, stored.samples.length); index += 20_000) {
      await store.write({
        ...stored,
        samples: stored.samples.slice(index, index + 20_000),
        ...(index > 0 ? { gaps: [], outages: [] } : {}),
      });
    }
    options.onDay?.(day, { samples: kept.length, periods: quarters.length });
  }
  for (const resolution of [60, 900, 86400]) await flushBuffer(resolution);
  await store.write({
    ...emptyBatch(),
    state: {
      historyFrom: from,
      samplesFrom,
      minutesFrom,
      sampledUntil: Math.max(lastAt, now),
      sampleEveryMs: options.sampleEveryMs ?? 30_000,
    },
  });
  return true;
}

/** Every station's reading now: those that changed, and the others as they were. */
function stationsNow(
  stations: readonly HistoryStation[],
  changed: readonly StationReading[],
  observer: ReturnType<typeof newObserverState>,
): StationReading[] {
  const byStation = new Map(changed.map((reading) => [reading.serialNumber, reading]));
  return stations.map((station) => {
    const reading = byStation.get(station.serialNumber);
    if (reading) return reading;
    const memory = observer.stations.get(station.serialNumber);
    return {
      serialNumber: station.serialNumber,
      name: station.name,
      running: memory?.running ?? true,
      channels: station.channels.map((channel) => ({
        ...channel,
        listeners: memory?.channels.get(channel.index) ?? 0,
      })),
    };
  });
}

/**
 * The demo's past: 90 days of the built-in simulator's venue, with a night the console was down
 * 12 days ago — stored once, into an empty history.
 */
export function seedDemoListeningHistory(store: ListeningStore, stations: readonly HistoryStation[], now: number) {
  const downFrom = new Date(now - 12 * dayMs);
  downFrom.setHours(2, 0, 0, 0);
  return seedListeningHistory(store, stations, {
    from: now - 90 * dayMs,
    now,
    consoleDown: [{ from: downFrom.getTime(), to: downFrom.getTime() + 3.5 * hourMs }],
  });
}
