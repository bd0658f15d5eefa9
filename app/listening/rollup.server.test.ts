import { describe, expect, it } from "vitest";
import {
  alignedEdges,
  hourMs,
  mergePeriods,
  minuteMs,
  periodsFromSamples,
  quarterMs,
  unknownState,
  venueEntityId,
  type ListeningPeriod,
  type ListeningSample,
} from "~/domain/listening-series";
import type { ListeningStore } from "~/records/listening";
import { addUpInSlices } from "./rollup.server";

const from = Date.UTC(2026, 10, 28, 19);

/** An hour of six channels read every 10–40 s: counts move, a channel stops, the venue is not known twice. */
function anHourOfSamples(seed: number): ListeningSample[] {
  let random = seed;
  const next = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random / 2 ** 31;
  };
  const samples: ListeningSample[] = [];
  const counts = [0, 3, 8, 0, 1, 12];
  for (let at = from; at < from + hourMs; at += 10_000 + Math.floor(next() * 30_000)) {
    const unknown = (at >= from + 17 * minuteMs && at < from + 21 * minuteMs) || at >= from + 58.5 * minuteMs;
    if (unknown) {
      samples.push({ entityId: venueEntityId, at, listeners: null });
      continue;
    }
    const changed = counts.map((count, index) => {
      if (next() < 0.6) return null;
      const moved = index === 3 && at > from + 40 * minuteMs ? null : Math.max(0, count + Math.floor(next() * 7) - 3);
      if (moved !== null) counts[index] = moved;
      return { entityId: index + 1, at, listeners: moved };
    });
    samples.push({ entityId: venueEntityId, at, listeners: counts.reduce((sum, count) => sum + count, 0) });
    for (const sample of changed) if (sample) samples.push(sample);
  }
  return samples;
}

function storeOf(minutes: ListeningPeriod[]) {
  return {
    periods: async (_resolution: number, range: { from: number; to: number }) =>
      minutes.filter((period) => period.at >= range.from && period.at < range.to),
  } as unknown as ListeningStore;
}

const byEntity = (periods: ListeningPeriod[]) => [...periods].sort((a, b) => a.entityId - b.entityId || a.at - b.at);

describe("adding a coarser period up a slice at a time", () => {
  it.each([1, 7, 42])("gives what adding all its finer periods up at once gives (seed %i)", async (seed) => {
    const minutes = periodsFromSamples(
      anHourOfSamples(seed),
      unknownState(),
      alignedEdges(from, from + hourMs, minuteMs),
    ).periods;
    expect(minutes.some((period) => period.entityId === venueEntityId && period.knownMs < minuteMs)).toBe(true);
    for (const quarter of [from, from + quarterMs, from + 3 * quarterMs]) {
      const range = { from: quarter, to: quarter + quarterMs };
      const atOnce = mergePeriods(
        minutes.filter((period) => period.at >= range.from && period.at < range.to),
        [range.from, range.to],
      );
      expect(atOnce.length).toBeGreaterThan(1);
      for (const sliceMs of [minuteMs, 5 * minuteMs, 7 * minuteMs])
        expect(byEntity(await addUpInSlices(storeOf(minutes), 60, range, sliceMs))).toEqual(byEntity(atOnce));
    }
    const hour = { from, to: from + hourMs };
    expect(byEntity(await addUpInSlices(storeOf(minutes), 60, hour, 5 * minuteMs))).toEqual(
      byEntity(mergePeriods(minutes, [from, from + hourMs])),
    );
  });
});
