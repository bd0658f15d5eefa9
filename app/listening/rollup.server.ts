// Rolling the samples up (issue 35, item 1; docs/decisions/070-listener-history.md): every minute
// the sampler adds the minutes that ended into per-minute periods, full quarter hours of minutes
// into quarters and full (UTC) days of quarters into days; old forms are then removed — samples
// after a day, minutes after 30 days, quarters and days after LISTENING_RETENTION_DAYS — each only
// once the coarser form holds it. Idempotent: a period is replaced whole, with its progress mark
// in the same transaction, so a process killed halfway leaves nothing half done.
import {
  alignedEdges,
  dayMs,
  floorTo,
  hourMs,
  mergePeriods,
  minuteMs,
  periodsFromSamples,
  quarterMs,
  type ListeningPeriod,
  type ListeningSample,
  type SampleState,
  venueEntityId,
} from "~/domain/listening-series";
import { emptyBatch, type ListeningGap, type ListeningStore } from "~/records/listening";
import { historyMarks, stateAt, tierResolution, type HistoryMarks } from "./history.server";

/** Samples keep arriving for a moment after their time (a push in flight, a write in a batch). */
const settleMs = 5000;
// What one step holds grows with the entities times the periods it covers: at 5,000 stations an
// hour of minutes is half a million periods, past the process's heap (issue 37's budget). So each
// step covers a few periods, and a coarser period is added up from slices of the finer form.
/** At most this much of the samples is walked at once (catching up after a long stop). */
const samplesChunkMs = 5 * minuteMs;
/** The finer periods read at once while one coarser period is added up. */
const minutesSliceMs = 5 * minuteMs;
const quartersSliceMs = hourMs;
/**
 * The most of each form one call rolls up. Catching up after a stop goes on at the next call
 * (the sampler's, a minute later): the readings between them are not held up meanwhile.
 */
const mostMinutesPerCall = hourMs;
const mostQuartersPerCall = 4;

export const minutesKeptMs = 30 * dayMs;
export const samplesKeptMs = dayMs;

export interface RollupProgress {
  minutes: number;
  quarters: number;
  days: number;
}

/**
 * Rolls up what is complete. `carried` is the state at the marks' minutesUntil from this
 * process's last run (else it is read): it saves re-reading the hour before.
 */
export async function rollUp(
  store: ListeningStore,
  now: number,
  carried: { state: SampleState; at: number } | null = null,
): Promise<{ progress: RollupProgress; carried: { state: SampleState; at: number } | null }> {
  const marks: HistoryMarks = await historyMarks(store);
  const progress: RollupProgress = { minutes: 0, quarters: 0, days: 0 };
  const { historyFrom } = marks;
  if (historyFrom === undefined) return { progress, carried };
  let from = marks.minutesUntil ?? historyFrom;
  const minuteTarget = Math.min(
    floorTo(Math.min(now - settleMs, marks.sampledUntil ?? historyFrom), minuteMs),
    from + mostMinutesPerCall,
  );
  let state = carried && carried.at === from ? carried.state : null;
  while (from < minuteTarget) {
    const to = Math.min(minuteTarget, from + samplesChunkMs);
    const start = state ?? (await stateAt(store, marks, from));
    const [samples, gaps] = await Promise.all([store.samples({ from, to }), store.gaps({ from, to })]);
    const walked = periodsFromSamples(
      withGapStarts(samples, gaps, { from, to }),
      start,
      alignedEdges(from, to, minuteMs),
    );
    await store.replacePeriods(tierResolution.minute, { from, to }, walked.periods, { minutesUntil: to });
    progress.minutes += (to - from) / minuteMs;
    marks.minutesUntil = to;
    state = walked.state;
    from = to;
  }
  const nextCarried = state ? { state, at: from } : carried;

  const firstQuarter = marks.quartersUntil ?? historyFrom;
  const quarterTarget = Math.min(
    floorTo(marks.minutesUntil ?? historyFrom, quarterMs),
    firstQuarter + mostQuartersPerCall * quarterMs,
  );
  for (let quarter = firstQuarter; quarter < quarterTarget; quarter += quarterMs) {
    const to = quarter + quarterMs;
    const quarters = await addUpInSlices(store, tierResolution.minute, { from: quarter, to }, minutesSliceMs);
    await store.replacePeriods(tierResolution.quarter, { from: quarter, to }, quarters, { quartersUntil: to });
    progress.quarters += 1;
    marks.quartersUntil = to;
  }

  const dayTarget = floorTo(marks.quartersUntil ?? historyFrom, dayMs);
  // One day per call at most: a day's end is rolled up in the minute after it.
  const day = marks.daysUntil ?? historyFrom;
  if (day < dayTarget) {
    const range = { from: day, to: day + dayMs };
    const days = await addUpInSlices(store, tierResolution.quarter, range, quartersSliceMs);
    await store.replacePeriods(tierResolution.day, range, days, { daysUntil: day + dayMs });
    progress.days += 1;
  }
  return { progress, carried: nextCarried };
}

/**
 * The samples with the venue not known from each stored gap's start on, where its own sample is
 * missing: a takeover after the console was down across an hour's end stored the gap without it
 * (decision 077), and the walk would carry the last counts through the gap.
 */
export function withGapStarts(
  samples: ListeningSample[],
  gaps: readonly ListeningGap[],
  { from, to }: { from: number; to: number },
): ListeningSample[] {
  const missing = gaps.filter(
    (gap) =>
      gap.startsAt >= from &&
      gap.startsAt < to &&
      !samples.some(
        (sample) => sample.entityId === venueEntityId && sample.at === gap.startsAt && sample.listeners === null,
      ),
  );
  if (missing.length === 0) return samples;
  const out = [...samples];
  for (const gap of missing) {
    // After everything stored at its start: the gap begins after the last thing stored.
    const index = out.findIndex((sample) => sample.at > gap.startsAt);
    out.splice(index === -1 ? out.length : index, 0, { entityId: venueEntityId, at: gap.startsAt, listeners: null });
  }
  return out;
}

/**
 * One coarser period [from, to) from the finer periods of `resolution`, read a slice at a time:
 * what is added up so far is one period per entity, merged again with the next slice's rows.
 */
export async function addUpInSlices(
  store: ListeningStore,
  resolution: number,
  { from, to }: { from: number; to: number },
  sliceMs: number,
): Promise<ListeningPeriod[]> {
  let sum: ListeningPeriod[] = [];
  for (let slice = from; slice < to; slice += sliceMs) {
    const end = Math.min(to, slice + sliceMs);
    const rows = await store.periods(resolution, { from: slice, to: end });
    sum = mergePeriods(sum.length === 0 ? rows : [...sum, ...rows], [from, end]);
  }
  return sum;
}

/**
 * Removes what is past keeping and was rolled up: samples older than a day, minutes older than
 * 30 days, quarters and days (with gaps and outages) older than the retention.
 */
export async function removeOldHistory(
  store: ListeningStore,
  now: number,
  retentionDays: number,
  kept: { samplesMs?: number; minutesMs?: number } = {},
) {
  const marks = await historyMarks(store);
  if (marks.historyFrom === undefined) return 0;
  const samplesCut = floorTo(
    Math.min(now - (kept.samplesMs ?? samplesKeptMs), marks.minutesUntil ?? marks.historyFrom),
    hourMs,
  );
  const minutesCut = floorTo(
    Math.min(now - (kept.minutesMs ?? minutesKeptMs), marks.quartersUntil ?? marks.historyFrom),
    dayMs,
  );
  const longerCut = floorTo(Math.min(now - retentionDays * dayMs, marks.daysUntil ?? marks.historyFrom), dayMs);
  const removed = await store.removeOlderThan({ samples: samplesCut, minutes: minutesCut, longer: longerCut });
  const state: Record<string, number> = {};
  if (samplesCut > (marks.samplesFrom ?? Number.NEGATIVE_INFINITY)) state.samplesFrom = samplesCut;
  if (minutesCut > (marks.minutesFrom ?? marks.historyFrom)) state.minutesFrom = minutesCut;
  if (longerCut > (marks.longerFrom ?? marks.historyFrom)) state.longerFrom = longerCut;
  if (Object.keys(state).length > 0) await store.write({ ...emptyBatch(), state });
  return removed;
}
