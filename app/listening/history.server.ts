// Reading the listening history (docs/decisions/070-listener-history.md): a series of periods for a
// chart, the totals per entity over a range for a breakdown or a report, one entity's samples as
// they are, and the state at a moment. Each reads the coarsest stored form that answers a part of
// the range (app/domain/listening-read-plan.ts) and adds the rest up the same way.
import { planRead, type HistoryTier, type ReadSegment } from "~/domain/listening-read-plan";
import {
  dayMs,
  floorTo,
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
  type ListeningPoint,
  type SampleState,
} from "~/domain/listening-series";
import type { ListeningStore, TimeRange } from "~/records/listening";
import {
  addVenueTotals,
  Kept,
  perStore,
  TotalsAccumulator,
  venuePeriods,
  type EntityTotal,
} from "./totals-cache.server";

/** The sampler's and the roll-up's progress marks (listening_state), in ms since the epoch. */
export interface HistoryMarks {
  /** The UTC day the history starts: every tier is complete from here (or from its cut). */
  historyFrom?: number;
  /** Samples are kept from here (a full hour). */
  samplesFrom?: number;
  /** Minutes are kept from here; quarters and days from `longerFrom`. */
  minutesFrom?: number;
  longerFrom?: number;
  minutesUntil?: number;
  quartersUntil?: number;
  daysUntil?: number;
  /** Up to here the samples say all there is (the sampler's last round). */
  sampledUntil?: number;
  /** How often the sampler reads the station list (LISTENING_SAMPLE_SECONDS, in ms). */
  sampleEveryMs?: number;
}

/**
 * The samples hold their last counts until the next round is due, and a little longer: past that,
 * with no round stored (the sampler stopped and nobody took over yet), nothing is known.
 */
export function samplesKnownUntil(marks: HistoryMarks, now: number) {
  const every = marks.sampleEveryMs ?? 30_000;
  return Math.min(now, (marks.sampledUntil ?? Number.NEGATIVE_INFINITY) + 2 * every + 5000);
}

export const tierResolution = { day: 86_400, quarter: 900, minute: 60 } as const;

export function historyTiers(marks: HistoryMarks, now: number, options: { days?: boolean } = {}): HistoryTier[] {
  const { historyFrom } = marks;
  if (historyFrom === undefined) return [];
  const longerFrom = Math.max(historyFrom, marks.longerFrom ?? historyFrom);
  const tiers: HistoryTier[] = [];
  if (options.days !== false)
    tiers.push({ name: "day", span: dayMs, from: longerFrom, until: marks.daysUntil ?? historyFrom });
  tiers.push({ name: "quarter", span: quarterMs, from: longerFrom, until: marks.quartersUntil ?? historyFrom });
  tiers.push({
    name: "minute",
    span: minuteMs,
    from: Math.max(historyFrom, marks.minutesFrom ?? historyFrom),
    until: marks.minutesUntil ?? historyFrom,
  });
  if (marks.samplesFrom !== undefined)
    tiers.push({ name: "samples", span: 0, from: marks.samplesFrom, until: samplesKnownUntil(marks, now) });
  return tiers;
}

export async function historyMarks(store: ListeningStore): Promise<HistoryMarks> {
  return (await store.state()) as HistoryMarks;
}

/** The venue's states after rolled-up minutes, per store: the live minute's and a report's or two. */
const keptMinuteStates = new WeakMap<ListeningStore, Kept<SampleState>>();

/**
 * Every entity's state at the end of a rolled-up minute (a minute behind its mark never changes),
 * read once per process and minute: thousands of rows each view of a live range would read again.
 */
function venueStateAfterMinute(store: ListeningStore, marks: HistoryMarks, minute: number): Promise<SampleState> {
  const kept = perStore(keptMinuteStates, store, () => new Kept<SampleState>(4, () => 1));
  return kept.get(`${marks.historyFrom}:${minute}`, () =>
    store.periods(tierResolution.minute, { from: minute - minuteMs, to: minute }).then(stateAfter),
  );
}

/**
 * What was known at `at`, for these entities (all when absent): from the minute that ended just
 * before it where minutes are kept (the last rolled up, where the roll-ups are behind), else from
 * an hour's keyframe, then the samples since.
 */
export async function stateAt(
  store: ListeningStore,
  marks: HistoryMarks,
  at: number,
  entityIds?: readonly number[],
): Promise<SampleState> {
  const minutes = historyTiers(marks, at).find((tier) => tier.name === "minute");
  // The rolled-up minute to start from: `at`'s own, else (the roll-ups behind `at`) the last one.
  const minute = minutes ? Math.min(floorTo(at, minuteMs), minutes.until) : null;
  const fromMinute = minutes && minute !== null && minute - minuteMs >= minutes.from ? minute : null;
  // Else, or later: the keyframe of the hour of the last sample. That is `at`'s own hour while
  // sampling goes on; after the console was down across an hour's end it is the hour it stopped
  // in, whose counts still stood (nothing was written since).
  const keyframeHour =
    fromMinute !== null && fromMinute === floorTo(at, minuteMs)
      ? null
      : floorTo((await store.lastSampleAt(at)) ?? at, hourMs);
  let start: SampleState;
  let from: number;
  if (fromMinute !== null && (keyframeHour === null || fromMinute >= keyframeHour)) {
    start = entityIds
      ? stateAfter(
          await store.periods(tierResolution.minute, { from: fromMinute - minuteMs, to: fromMinute }, entityIds),
        )
      : await venueStateAfterMinute(store, marks, fromMinute);
    from = fromMinute;
  } else {
    start = unknownState();
    from = keyframeHour ?? floorTo(at, hourMs);
  }
  if (from >= at) return start;
  const samples = await store.samples({ from, to: at }, entityIds);
  return periodsFromSamples(samples, start, [at], entityIds ? { entities: new Set(entityIds) } : {}).state;
}

/** The edges of the segment's part of the periods (the segment's own ends where it cuts one). */
function edgesWithin(edges: readonly number[], segment: ReadSegment) {
  const inside = edges.filter((edge) => edge > segment.from && edge < segment.to);
  return [segment.from, ...inside, segment.to];
}

/** The periods of a segment that stores nothing: the venue not known. */
function unknownPeriods(edges: readonly number[], segment: ReadSegment): ListeningPeriod[] {
  const cut = edgesWithin(edges, segment);
  return cut.slice(0, -1).map((at, index) => ({
    entityId: venueEntityId,
    at,
    span: cut[index + 1]! - at,
    peak: null,
    listenerMs: 0,
    knownMs: 0,
    arrivals: 0,
    last: null,
  }));
}

async function segmentPeriods(
  store: ListeningStore,
  marks: HistoryMarks,
  segment: ReadSegment,
  edges: readonly number[],
  entityIds: readonly number[] | undefined,
): Promise<ListeningPeriod[]> {
  const { tier } = segment;
  if (!tier) return unknownPeriods(edges, segment);
  const range = { from: segment.from, to: segment.to };
  if (tier.name !== "samples")
    return entityIds?.length === 0
      ? venuePeriods(store, tierResolution[tier.name], range, marks.historyFrom ?? 0)
      : store.periods(tierResolution[tier.name], range, entityIds);
  const [start, samples] = await Promise.all([
    stateAt(store, marks, segment.from, entityIds),
    store.samples(range, entityIds),
  ]);
  return periodsFromSamples(
    samples,
    start,
    edgesWithin(edges, segment),
    entityIds ? { entities: new Set(entityIds) } : {},
  ).periods;
}

/**
 * One entity's (or a few entities') periods between the edges — every period, the quiet ones
 * too. The edges must fall on quarter hours (or minutes, for a range of a few hours).
 */
export async function readSeries(
  store: ListeningStore,
  marks: HistoryMarks,
  options: { entityIds: readonly number[]; edges: readonly number[]; now: number; periodMs?: number },
): Promise<Map<number, ListeningPeriod[]>> {
  const { edges, entityIds, now, periodMs } = options;
  // Only stored periods that never straddle an edge: those that divide the chart's period.
  const tiers = historyTiers(marks, now, { days: false }).filter(
    (tier) => tier.span === 0 || periodMs === undefined || (tier.span <= periodMs && periodMs % tier.span === 0),
  );
  const segments = planRead(edges[0]!, edges.at(-1)!, tiers);
  const filter = entityIds.filter((entityId) => entityId !== venueEntityId);
  const rows = (
    await Promise.all(segments.map((segment) => segmentPeriods(store, marks, segment, edges, filter)))
  ).flat();
  const merged = mergePeriods(rows, edges, { entities: new Set(entityIds), emitAll: true });
  const series = new Map<number, ListeningPeriod[]>(entityIds.map((entityId) => [entityId, []]));
  for (const period of merged) series.get(period.entityId)!.push(period);
  return series;
}

export type { EntityTotal };

/**
 * Each entity's highest count, listener-milliseconds and arrivals over the range (the entities
 * without any left out). Added up in the database for the stored periods; the venue's settled
 * stretches are kept added up per process (totals-cache.server.ts).
 */
export async function readTotals(
  store: ListeningStore,
  marks: HistoryMarks,
  options: { range: TimeRange; entityIds?: readonly number[]; now: number },
): Promise<Map<number, EntityTotal>> {
  return (await addUpTotals(store, marks, options)).toMap();
}

/** As readTotals, kept in arrays by entity id: a breakdown of 10,000 channels makes no object for each. */
export async function addUpTotals(
  store: ListeningStore,
  marks: HistoryMarks,
  options: { range: TimeRange; entityIds?: readonly number[]; now: number },
): Promise<TotalsAccumulator> {
  const { range, entityIds, now } = options;
  const totals = new TotalsAccumulator();
  const segments = planRead(range.from, range.to, historyTiers(marks, now));
  await Promise.all(
    segments.map(async (segment) => {
      const { tier } = segment;
      if (!tier) return;
      if (tier.name === "samples") {
        const periods = await segmentPeriods(store, marks, segment, [segment.from, segment.to], entityIds);
        for (const period of periods) totals.add(period.entityId, period.peak, period.listenerMs, period.arrivals);
        return;
      }
      const part = { from: segment.from, to: segment.to };
      const resolution = tierResolution[tier.name];
      if (!entityIds) return addVenueTotals(store, resolution, part, marks.historyFrom ?? 0, totals);
      for (const sum of await store.totals(resolution, part, entityIds))
        totals.add(sum.entityId, sum.peak, sum.listenerMs, sum.arrivals);
    }),
  );
  return totals;
}

/** How long the venue was known in [from, to) and the periods it was not. */
export async function readCoverage(store: ListeningStore, marks: HistoryMarks, range: TimeRange, now: number) {
  const series = await readSeries(store, marks, { entityIds: [venueEntityId], edges: [range.from, range.to], now });
  const [whole] = series.get(venueEntityId)!;
  return { knownMs: whole?.knownMs ?? 0, spanMs: range.to - range.from };
}

/** One entity's samples over the range as they are, or null when there are more than `most`. */
export async function readPoints(
  store: ListeningStore,
  marks: HistoryMarks,
  options: { entityId: number; range: TimeRange; most: number },
): Promise<ListeningPoint[] | null> {
  const { entityId, range, most } = options;
  const ids = entityId === venueEntityId ? [] : [entityId];
  const [start, samples] = await Promise.all([stateAt(store, marks, range.from, ids), store.samples(range, ids)]);
  // Quick refusal before the walk: each own sample can be a change.
  const own = samples.reduce((count, sample) => count + (sample.entityId === entityId ? 1 : 0), 0);
  if (own > most * 2) return null;
  const points = pointsFromSamples(samples, start, entityId, range.from, range.to);
  return points.length > most ? null : points;
}
