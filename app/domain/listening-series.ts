// Listener counts over time (issue 35, docs/decisions/070-listener-history.md): what the samples
// mean and how they become the sums per minute, quarter hour and day that charts and reports read.
//
// A *sample* is a change: from `at` on, the entity (a channel, a station's total, or the venue's
// total, entity 0) has `listeners` — or, with null, its count is not known (its station is not
// running). The venue's own sample says whether anything is known at all: null there is a gap
// (the Manager unreachable, the console down) for every entity. A venue sample that follows a gap,
// or falls on the full hour, is a *keyframe*: every entity with listeners (or unknown) has a sample
// at the same moment, and every entity without one has none — so reading from any full hour needs
// nothing older.
//
// A *period* sums one entity's samples over [at, at + span): the highest count (null when nothing
// was known), listener-milliseconds, the milliseconds known, and the arrivals (each rise of the
// count while it was known). Periods are sparse: an entity without a period in a span had no
// listeners for all the time the venue was known — and the venue's own period (or its absence:
// known all along, nobody listening) says how long that was. An entity's period is kept only when
// it says more: it had listeners, someone arrived, or its own known time differs from the venue's.

export const venueEntityId = 0;

export const minuteMs = 60_000;
export const quarterMs = 15 * minuteMs;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

export interface ListeningSample {
  entityId: number;
  /** Milliseconds since the epoch. */
  at: number;
  /** Null: not known from here on. */
  listeners: number | null;
}

export interface ListeningPeriod {
  entityId: number;
  at: number;
  /** Milliseconds the period lasts. */
  span: number;
  /** The highest count while known; null when nothing was known in the period. */
  peak: number | null;
  listenerMs: number;
  knownMs: number;
  arrivals: number;
  /** The count at the period's end; null when not known then. */
  last: number | null;
}

/** What is known at one moment: whether the venue is sampled, and each entity's count (absent: 0). */
export interface SampleState {
  venueKnown: boolean;
  values: Map<number, number | null>;
}

export function unknownState(): SampleState {
  return { venueKnown: false, values: new Map() };
}

export function isKeyframeTime(at: number) {
  return at % hourMs === 0;
}

interface Accumulator {
  peak: number | null;
  listenerMs: number;
  /** The venue: time not known. An entity: time its own count was not known while the venue's was. */
  unknownMs: number;
  arrivals: number;
  /** Summed up to here. */
  since: number;
}

/** Samples of one moment, the venue's first: they apply together. */
function groupsOf(samples: readonly ListeningSample[]): ListeningSample[][] {
  const groups: ListeningSample[][] = [];
  for (const sample of samples) {
    const last = groups.at(-1);
    if (last && last[0]!.at === sample.at) last.push(sample);
    else groups.push([sample]);
  }
  for (const group of groups) {
    const venueAt = group.findIndex((sample) => sample.entityId === venueEntityId);
    if (venueAt > 0) group.unshift(...group.splice(venueAt, 1));
  }
  return groups;
}

export interface WalkOptions {
  /** Only these entities (the venue is always followed); all when absent. */
  entities?: ReadonlySet<number>;
}

/**
 * Walks samples in time order from a known state and sums each entity per period between
 * consecutive `edges`. Samples before the first edge only move the state on (the look-back from a
 * keyframe); samples at or after the last edge are not read. Returns the periods and the state at
 * the last edge.
 */
export function periodsFromSamples(
  samples: readonly ListeningSample[],
  start: SampleState,
  edges: readonly number[],
  options: WalkOptions = {},
): { periods: ListeningPeriod[]; state: SampleState } {
  const follows = (entityId: number) =>
    entityId === venueEntityId || options.entities === undefined || options.entities.has(entityId);
  const values = new Map([...start.values].filter(([entityId]) => follows(entityId)));
  let venueKnown = start.venueKnown;
  const periods: ListeningPeriod[] = [];
  // The venue's, and those of entities whose count is not 0 or changed in this period.
  const accumulators = new Map<number, Accumulator>();
  let edgeIndex = 0;
  let periodStart = edges[0] ?? Number.POSITIVE_INFINITY;
  const lastEdge = edges.at(-1) ?? Number.NEGATIVE_INFINITY;
  const inPeriods = () => edgeIndex < edges.length - 1;

  const valueOf = (entityId: number) => (values.has(entityId) ? values.get(entityId)! : 0);
  const accumulatorOf = (entityId: number, at: number): Accumulator => {
    let accumulator = accumulators.get(entityId);
    if (!accumulator) {
      accumulator = { peak: null, listenerMs: 0, unknownMs: 0, arrivals: 0, since: Math.max(at, periodStart) };
      accumulators.set(entityId, accumulator);
    }
    return accumulator;
  };
  /** Adds the entity's count from where its sum stands to `at` (only inside the periods). */
  const integrate = (entityId: number, at: number) => {
    if (!inPeriods() || at <= periodStart) return;
    const accumulator = accumulators.get(entityId);
    if (!accumulator) return;
    const duration = at - accumulator.since;
    if (duration <= 0) return;
    accumulator.since = at;
    if (entityId === venueEntityId) {
      if (!venueKnown) {
        accumulator.unknownMs += duration;
        return;
      }
    } else if (!venueKnown) {
      return;
    }
    const value = valueOf(entityId);
    if (value === null) {
      accumulator.unknownMs += duration;
      return;
    }
    accumulator.listenerMs += value * duration;
    accumulator.peak = Math.max(accumulator.peak ?? 0, value);
  };
  const integrateAll = (at: number) => {
    for (const entityId of accumulators.keys()) integrate(entityId, at);
  };
  const openPeriod = () => {
    accumulatorOf(venueEntityId, periodStart);
    for (const [entityId, value] of values) if (value !== 0) accumulatorOf(entityId, periodStart);
  };
  const closePeriod = () => {
    const end = edges[edgeIndex + 1]!;
    integrateAll(end);
    const span = end - periodStart;
    const venueKnownMs = span - (accumulators.get(venueEntityId)?.unknownMs ?? 0);
    for (const [entityId, accumulator] of accumulators) {
      const isVenue = entityId === venueEntityId;
      const knownMs = isVenue ? venueKnownMs : venueKnownMs - accumulator.unknownMs;
      const peak = knownMs > 0 ? (accumulator.peak ?? 0) : null;
      const saysMore = isVenue
        ? (peak ?? 0) > 0 || knownMs < span
        : (peak ?? 0) > 0 || accumulator.arrivals > 0 || knownMs !== venueKnownMs;
      if (saysMore) {
        const last = !venueKnown ? null : valueOf(entityId);
        periods.push({
          entityId,
          at: periodStart,
          span,
          peak,
          listenerMs: accumulator.listenerMs,
          knownMs,
          arrivals: accumulator.arrivals,
          last,
        });
      }
    }
    accumulators.clear();
    edgeIndex += 1;
    periodStart = end;
    if (inPeriods()) openPeriod();
  };
  // The first period opens once the look-back is done: with what the look-back found.
  let opened = false;
  const advanceTo = (at: number) => {
    if (!opened && inPeriods() && at >= periodStart) {
      opened = true;
      openPeriod();
    }
    while (opened && inPeriods() && edges[edgeIndex + 1]! <= at) closePeriod();
  };
  const counting = (at: number) => inPeriods() && at >= periodStart;

  for (const group of groupsOf(samples)) {
    const at = group[0]!.at;
    if (at >= lastEdge) break;
    advanceTo(at);
    const venueSample = group[0]!.entityId === venueEntityId ? group[0]! : null;
    if (venueSample && venueSample.listeners === null) {
      integrateAll(at);
      venueKnown = false;
    } else if (venueSample && (!venueKnown || isKeyframeTime(at))) {
      // A keyframe names every entity with listeners (or unknown): the others have none from
      // here. It restates what was known (rises count as arrivals), or starts afresh after a gap.
      integrateAll(at);
      const wasKnown = venueKnown;
      venueKnown = true;
      const previous = new Map(values);
      values.clear();
      for (const sample of group) {
        if (!follows(sample.entityId) || sample.listeners === 0) continue;
        values.set(sample.entityId, sample.listeners);
      }
      if (!counting(at)) continue;
      for (const entityId of new Set([...previous.keys(), ...values.keys()])) {
        if (entityId === venueEntityId) continue;
        const before = previous.has(entityId) ? previous.get(entityId)! : 0;
        const after = valueOf(entityId);
        if (after !== 0 || before !== 0) {
          const accumulator = accumulatorOf(entityId, at);
          if (wasKnown && before !== null && after !== null && after > before) accumulator.arrivals += after - before;
        }
      }
      continue;
    }
    for (const sample of group) {
      if (!follows(sample.entityId)) continue;
      integrate(sample.entityId, at);
      const before = valueOf(sample.entityId);
      const after = sample.listeners;
      if (after === 0) values.delete(sample.entityId);
      else values.set(sample.entityId, after);
      if (sample.entityId === venueEntityId || !counting(at)) continue;
      if (after !== 0 || accumulators.has(sample.entityId)) {
        const accumulator = accumulatorOf(sample.entityId, at);
        if (venueKnown && before !== null && after !== null && after > before) accumulator.arrivals += after - before;
      }
    }
  }
  advanceTo(lastEdge);
  return { periods, state: { venueKnown, values } };
}

/** One moment's count of an entity: null while it is not known. */
export interface ListeningPoint {
  at: number;
  listeners: number | null;
}

/**
 * How one entity's count went over [from, to): its count at `from` (from the state there), then
 * each change — null while the venue or the entity itself was not known. Same reading of the
 * samples as periodsFromSamples.
 */
export function pointsFromSamples(
  samples: readonly ListeningSample[],
  start: SampleState,
  entityId: number,
  from: number,
  to: number,
): ListeningPoint[] {
  let venueKnown = start.venueKnown;
  let value: number | null = start.values.has(entityId) ? start.values.get(entityId)! : 0;
  const effective = () => (venueKnown ? value : null);
  const points: ListeningPoint[] = [{ at: from, listeners: effective() }];
  for (const group of groupsOf(samples)) {
    const at = group[0]!.at;
    if (at >= to) break;
    const venueSample = group[0]!.entityId === venueEntityId ? group[0]! : null;
    const own = group.find((sample) => sample.entityId === entityId);
    if (venueSample && venueSample.listeners === null) {
      venueKnown = false;
      if (own && entityId !== venueEntityId) value = own.listeners;
    } else if (venueSample && (!venueKnown || isKeyframeTime(at))) {
      venueKnown = true;
      value = own ? own.listeners : 0;
    } else if (own) {
      value = own.listeners;
    }
    const now = effective();
    if (at < from) continue;
    const last = points.at(-1)!;
    if (now === last.listeners) continue;
    if (last.at === at) last.listeners = now;
    else points.push({ at, listeners: now });
  }
  return points;
}

/** One sum per period of a series: what the charts and reports add up. */
export interface PeriodSum {
  at: number;
  span: number;
  peak: number | null;
  listenerMs: number;
  knownMs: number;
  arrivals: number;
}

/**
 * Adds sparse periods up into the periods between `edges`, per entity. Each input period lies
 * within one output period, and the venue's periods (entity 0) of the same spans come with them.
 * `emitAll`: every entity asked for gets every period (for a chart), not only those that say more.
 */
export function mergePeriods(
  rows: readonly ListeningPeriod[],
  edges: readonly number[],
  options: { entities?: ReadonlySet<number>; emitAll?: boolean } = {},
): ListeningPeriod[] {
  if (edges.length < 2) return [];
  const first = edges[0]!;
  const lastEdge = edges.at(-1)!;
  // Periods read for one range come from disjoint stretches of time, so a venue period is known by its start.
  const venueKnownAt = new Map<number, number>();
  const bucketOf = (at: number) => {
    // The last edge at or before `at`.
    let low = 0;
    let high = edges.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (edges[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const buckets = edges.length - 1;
  const venueUnknownMs = new Float64Array(buckets);
  // The venue's count at the end of each output period, where a venue row ends there.
  const venueLastAtEnd = new Map<number, number | null>();
  for (const row of rows) {
    if (row.entityId !== venueEntityId) continue;
    venueKnownAt.set(row.at, row.knownMs);
    venueLastAtEnd.set(row.at + row.span, row.last);
    if (row.at < first || row.at >= lastEdge) continue;
    venueUnknownMs[bucketOf(row.at)]! += row.span - row.knownMs;
  }
  type Sum = ListeningPeriod & { rowKnownMs: number; lastRowEnd: number };
  const sums = new Map<number, Map<number, Sum>>();
  for (const row of rows) {
    if (row.at < first || row.at >= lastEdge) continue;
    if (options.entities && !options.entities.has(row.entityId)) continue;
    const bucket = bucketOf(row.at);
    let byBucket = sums.get(row.entityId);
    if (!byBucket) sums.set(row.entityId, (byBucket = new Map()));
    let sum = byBucket.get(bucket);
    if (!sum) {
      sum = {
        entityId: row.entityId,
        at: edges[bucket]!,
        span: edges[bucket + 1]! - edges[bucket]!,
        peak: null,
        listenerMs: 0,
        knownMs: 0,
        arrivals: 0,
        last: 0,
        rowKnownMs: 0,
        lastRowEnd: Number.NEGATIVE_INFINITY,
      };
      byBucket.set(bucket, sum);
    }
    if (row.at + row.span > sum.lastRowEnd) {
      sum.lastRowEnd = row.at + row.span;
      sum.last = row.last;
    }
    if (row.peak !== null) sum.peak = Math.max(sum.peak ?? 0, row.peak);
    sum.listenerMs += row.listenerMs;
    sum.arrivals += row.arrivals;
    sum.rowKnownMs += row.knownMs;
    // The venue's known time of the same slot, which the row's own replaces.
    if (row.entityId !== venueEntityId) sum.knownMs += row.knownMs - (venueKnownAt.get(row.at) ?? row.span);
  }
  const wanted = options.entities ?? new Set(sums.keys());
  const out: ListeningPeriod[] = [];
  const period = (entityId: number, bucket: number, sum: Sum | undefined) => {
    const span = edges[bucket + 1]! - edges[bucket]!;
    const venueKnownMs = span - venueUnknownMs[bucket]!;
    const knownMs = entityId === venueEntityId ? venueKnownMs : venueKnownMs + (sum?.knownMs ?? 0);
    // Known time without a row of its own: nobody listened then.
    const silentMs = knownMs - (sum?.rowKnownMs ?? 0);
    let peak = sum?.peak ?? null;
    if (silentMs > 0.5 || (peak === null && knownMs > 0)) peak = Math.max(peak ?? 0, 0);
    if (knownMs <= 0) peak = null;
    const end = edges[bucket + 1]!;
    const venueUnknownAtEnd = venueLastAtEnd.has(end) && venueLastAtEnd.get(end) === null;
    const merged: ListeningPeriod = {
      entityId,
      at: edges[bucket]!,
      span,
      peak,
      listenerMs: sum?.listenerMs ?? 0,
      knownMs: Math.max(0, knownMs),
      arrivals: sum?.arrivals ?? 0,
      last: sum !== undefined && sum.lastRowEnd === end ? sum.last : venueUnknownAtEnd ? null : 0,
    };
    const saysMore =
      entityId === venueEntityId
        ? (merged.peak ?? 0) > 0 || merged.knownMs < span
        : (merged.peak ?? 0) > 0 || merged.arrivals > 0 || merged.knownMs !== venueKnownMs;
    if (options.emitAll || saysMore) out.push(merged);
  };
  for (const entityId of wanted) {
    const byBucket = sums.get(entityId);
    if (options.emitAll) {
      for (let bucket = 0; bucket < buckets; bucket += 1) period(entityId, bucket, byBucket?.get(bucket));
    } else if (byBucket) {
      // Sparse: an entity says nothing of its own in a period without any of its rows.
      for (const bucket of [...byBucket.keys()].sort((a, b) => a - b)) period(entityId, bucket, byBucket.get(bucket));
    }
  }
  return out;
}

/** What was known at the end of one period, from that period's rows (the venue's absent: known, nobody). */
export function stateAfter(rows: readonly ListeningPeriod[]): SampleState {
  const values = new Map<number, number | null>();
  let venueKnown = true;
  for (const row of rows) {
    if (row.entityId === venueEntityId) {
      venueKnown = row.last !== null;
      if (row.last) values.set(venueEntityId, row.last);
    } else if (row.last !== 0) {
      values.set(row.entityId, row.last);
    }
  }
  return { venueKnown, values };
}

/** The edges of equal periods covering [from, to), aligned to multiples of `span` since the epoch. */
export function alignedEdges(from: number, to: number, span: number): number[] {
  const edges: number[] = [];
  for (let at = Math.floor(from / span) * span; at < to; at += span) edges.push(at);
  edges.push(Math.ceil(to / span) * span);
  return edges;
}

export function floorTo(at: number, span: number) {
  return Math.floor(at / span) * span;
}

export function ceilTo(at: number, span: number) {
  return Math.ceil(at / span) * span;
}
