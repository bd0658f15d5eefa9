import { describe, expect, it } from "vitest";
import {
  alignedEdges,
  hourMs,
  mergePeriods,
  minuteMs,
  periodsFromSamples,
  pointsFromSamples,
  quarterMs,
  stateAfter,
  unknownState,
  venueEntityId,
  type ListeningPeriod,
  type ListeningSample,
} from "~/domain/listening-series";

const hour = Date.UTC(2026, 2, 14, 19, 0, 0);
const second = 1000;
const channel = 7;
const otherChannel = 8;

const sample = (offsetMs: number, entityId: number, listeners: number | null): ListeningSample => ({
  entityId,
  at: hour + offsetMs,
  listeners,
});

/** The periods of one entity, by minute offset from the hour. */
function byMinute(periods: ListeningPeriod[], entityId: number) {
  return Object.fromEntries(
    periods.filter((period) => period.entityId === entityId).map((period) => [(period.at - hour) / minuteMs, period]),
  );
}

describe("samples into periods", () => {
  it("sums a steady count per minute from the hour's keyframe, with nothing said of quiet entities", () => {
    const { periods } = periodsFromSamples(
      [sample(0, venueEntityId, 3), sample(0, channel, 3)],
      unknownState(),
      alignedEdges(hour, hour + 3 * minuteMs, minuteMs),
    );
    const minutes = byMinute(periods, channel);
    expect(Object.keys(minutes)).toEqual(["0", "1", "2"]);
    for (const minute of Object.values(minutes)) {
      expect(minute).toMatchObject({ peak: 3, listenerMs: 3 * minuteMs, knownMs: minuteMs, arrivals: 0 });
    }
    // The venue, known all along with listeners, says so; an entity never named has no period.
    expect(byMinute(periods, venueEntityId)[0]).toMatchObject({ peak: 3, knownMs: minuteMs });
    expect(periods.some((period) => period.entityId === otherChannel)).toBe(false);
  });

  it("counts rises as arrivals and weighs each count by how long it lasted", () => {
    const { periods } = periodsFromSamples(
      [
        sample(0, venueEntityId, 3),
        sample(0, channel, 3),
        sample(30 * second, venueEntityId, 5),
        sample(30 * second, channel, 5),
        sample(45 * second, venueEntityId, 1),
        sample(45 * second, channel, 1),
      ],
      unknownState(),
      alignedEdges(hour, hour + minuteMs, minuteMs),
    );
    expect(byMinute(periods, channel)[0]).toEqual({
      entityId: channel,
      at: hour,
      span: minuteMs,
      peak: 5,
      listenerMs: 3 * 30 * second + 5 * 15 * second + 1 * 15 * second,
      knownMs: minuteMs,
      arrivals: 2,
      last: 1,
    });
  });

  it("stores a gap as a gap: nothing is summed while the venue is not known, and a resume is no arrival", () => {
    const { periods } = periodsFromSamples(
      [
        sample(0, venueEntityId, 3),
        sample(0, channel, 3),
        sample(20 * second, venueEntityId, null),
        // The resume names what there is now: 6 listeners, none of them counted as arriving.
        sample(40 * second, venueEntityId, 6),
        sample(40 * second, channel, 6),
      ],
      unknownState(),
      alignedEdges(hour, hour + minuteMs, minuteMs),
    );
    expect(byMinute(periods, venueEntityId)[0]).toMatchObject({ knownMs: 40 * second, peak: 6 });
    expect(byMinute(periods, channel)[0]).toMatchObject({
      knownMs: 40 * second,
      listenerMs: 3 * 20 * second + 6 * 20 * second,
      peak: 6,
      arrivals: 0,
    });
  });

  it("a minute all in a gap is known for no time at all, never as nobody listening", () => {
    const { periods } = periodsFromSamples(
      [sample(0, venueEntityId, 3), sample(0, channel, 3), sample(50 * second, venueEntityId, null)],
      unknownState(),
      alignedEdges(hour, hour + 2 * minuteMs, minuteMs),
    );
    expect(byMinute(periods, venueEntityId)[1]).toMatchObject({ knownMs: 0, peak: null, listenerMs: 0 });
    // The channel says nothing of its own in the second minute: the venue's period says it was not known.
    expect(byMinute(periods, channel)[1]).toBeUndefined();
    const quarter = mergePeriods(periods, [hour, hour + 2 * minuteMs], { entities: new Set([channel]), emitAll: true });
    expect(quarter).toEqual([
      {
        entityId: channel,
        at: hour,
        span: 2 * minuteMs,
        peak: 3,
        listenerMs: 3 * 50 * second,
        knownMs: 50 * second,
        arrivals: 0,
        last: null,
      },
    ]);
  });

  it("a station that stops leaves its channels unknown while the venue stays known", () => {
    const { periods } = periodsFromSamples(
      [
        sample(0, venueEntityId, 4),
        sample(0, channel, 4),
        sample(10 * second, venueEntityId, 0),
        sample(10 * second, channel, null),
      ],
      unknownState(),
      alignedEdges(hour, hour + 2 * minuteMs, minuteMs),
    );
    expect(byMinute(periods, channel)[0]).toMatchObject({ knownMs: 10 * second, peak: 4 });
    expect(byMinute(periods, channel)[1]).toMatchObject({ knownMs: 0, peak: null });
    expect(byMinute(periods, venueEntityId)[0]).toMatchObject({ knownMs: minuteMs, peak: 4 });
    // Known, nobody listening: the venue needs no period of its own for the second minute.
    expect(byMinute(periods, venueEntityId)[1]).toBeUndefined();
    // What a reader starting at the second minute needs, from the first minute's periods alone.
    const after = stateAfter(periods.filter((period) => period.at === hour));
    expect(after.venueKnown).toBe(true);
    expect(after.values.get(channel)).toBeNull();
  });

  it("a keyframe drops counts it does not name, and a count it names higher than known is an arrival", () => {
    const walk = periodsFromSamples(
      [
        sample(-30 * minuteMs, venueEntityId, 2),
        sample(-30 * minuteMs, otherChannel, 2),
        // The full hour names the channel only: the other has nobody now.
        sample(0, venueEntityId, 5),
        sample(0, channel, 5),
      ],
      unknownState(),
      alignedEdges(hour, hour + minuteMs, minuteMs),
    );
    expect(walk.state.values.get(channel)).toBe(5);
    expect(walk.state.values.has(otherChannel)).toBe(false);
    expect(byMinute(walk.periods, channel)[0]).toMatchObject({ peak: 5, arrivals: 5 });
    expect(byMinute(walk.periods, otherChannel)[0]).toBeUndefined();
  });

  it("a count steady since before the first edge is summed from that edge (read from a look-back)", () => {
    const { periods } = periodsFromSamples(
      [sample(0, venueEntityId, 2), sample(0, channel, 2)],
      unknownState(),
      alignedEdges(hour + 10 * minuteMs, hour + 11 * minuteMs, minuteMs),
    );
    expect(byMinute(periods, channel)[10]).toMatchObject({ peak: 2, listenerMs: 2 * minuteMs, knownMs: minuteMs });
  });

  it("before anything was sampled nothing is known", () => {
    const { periods } = periodsFromSamples([], unknownState(), alignedEdges(hour, hour + minuteMs, minuteMs));
    expect(periods).toEqual([
      { entityId: 0, at: hour, span: minuteMs, peak: null, listenerMs: 0, knownMs: 0, arrivals: 0, last: null },
    ]);
  });

  it("follows only the entities asked for", () => {
    const { periods } = periodsFromSamples(
      [sample(0, venueEntityId, 5), sample(0, channel, 2), sample(0, otherChannel, 3)],
      unknownState(),
      alignedEdges(hour, hour + minuteMs, minuteMs),
      { entities: new Set([channel]) },
    );
    expect(periods.map((period) => period.entityId).sort()).toEqual([venueEntityId, channel]);
  });
});

describe("one entity's samples as they are", () => {
  it("lists its count at the start and each change, unknown through the venue's gaps and its own", () => {
    const samples = [
      sample(0, venueEntityId, 2),
      sample(0, channel, 2),
      sample(10 * second, venueEntityId, 5),
      sample(10 * second, channel, 5),
      sample(20 * second, venueEntityId, 0),
      sample(20 * second, channel, null),
      sample(30 * second, venueEntityId, null),
      sample(40 * second, venueEntityId, 1),
      sample(40 * second, channel, 1),
      // A restated count (the hour's keyframe) is no change.
      sample(hourMs, venueEntityId, 1),
      sample(hourMs, channel, 1),
    ];
    expect(pointsFromSamples(samples, unknownState(), channel, hour - 5 * second, hour + 2 * hourMs)).toEqual([
      { at: hour - 5 * second, listeners: null },
      { at: hour, listeners: 2 },
      { at: hour + 10 * second, listeners: 5 },
      { at: hour + 20 * second, listeners: null },
      { at: hour + 40 * second, listeners: 1 },
    ]);
  });
});

describe("periods into longer periods", () => {
  it("adds minutes into quarter hours: known silence counts as none listening, gaps as unknown", () => {
    const { periods } = periodsFromSamples(
      [
        sample(0, venueEntityId, 2),
        sample(0, channel, 2),
        sample(5 * minuteMs, venueEntityId, 0),
        sample(5 * minuteMs, channel, 0),
        sample(10 * minuteMs, venueEntityId, null),
      ],
      unknownState(),
      alignedEdges(hour, hour + quarterMs, minuteMs),
    );
    const [quarter] = mergePeriods(periods, [hour, hour + quarterMs], { entities: new Set([channel]), emitAll: true });
    expect(quarter).toEqual({
      entityId: channel,
      at: hour,
      span: quarterMs,
      peak: 2,
      listenerMs: 2 * 5 * minuteMs,
      knownMs: 10 * minuteMs,
      arrivals: 0,
      last: null,
    });
    const [venue] = mergePeriods(periods, [hour, hour + quarterMs], { entities: new Set([venueEntityId]) });
    expect(venue).toMatchObject({ knownMs: 10 * minuteMs, peak: 2 });
  });

  it("merging the merged gives the same as merging once", () => {
    const samples: ListeningSample[] = [];
    for (let minute = 0; minute < 60; minute += 7) {
      const count = (minute * 13) % 9;
      samples.push(sample(minute * minuteMs + 11 * second, venueEntityId, minute === 35 ? null : count));
      if (minute !== 35) samples.push(sample(minute * minuteMs + 11 * second, channel, count));
    }
    const minutes = periodsFromSamples(
      [sample(0, venueEntityId, 0), ...samples],
      unknownState(),
      alignedEdges(hour, hour + hourMs, minuteMs),
    ).periods;
    const quarters = mergePeriods(minutes, alignedEdges(hour, hour + hourMs, quarterMs));
    const direct = mergePeriods(minutes, [hour, hour + hourMs], { emitAll: true });
    const twice = mergePeriods(quarters, [hour, hour + hourMs], { emitAll: true });
    expect(twice).toEqual(direct);
  });
});
