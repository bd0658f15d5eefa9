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
  type SampleState,
} from "~/domain/listening-series";
import { emptyBatch, type ListeningStore } from "~/records/listening";
import { historyMarks, stateAt, tierResolution, type HistoryMarks } from "./history.server";

/** Samples keep arriving for a moment after their time (a push in flight, a write in a batch). */
const settleMs = 5000;
/** At most this much of the samples is read at once (catching up after a long stop). */
const samplesChunkMs = hourMs;
const minutesChunkMs = 4 * hourMs;

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
  const minuteTarget = floorTo(Math.min(now - settleMs, marks.sampledUntil ?? historyFrom), minuteMs);
  let from = marks.minutesUntil ?? historyFrom;
  let state = carried && carried.at === from ? carried.state : null;
  while (from < minuteTarget) {
    const to = Math.min(minuteTarget, from + samplesChunkMs);
    const start = state ?? (await stateAt(store, marks, from));
    const samples = await store.samples({ from, to });
    const walked = periodsFromSamples(samples, start, alignedEdges(from, to, minuteMs));
    await store.replacePeriods(tierResolution.minute, { from, to }, walked.periods, { minutesUntil: to });
    progress.minutes += (to - from) / minuteMs;
    marks.minutesUntil = to;
    state = walked.state;
    from = to;
  }
  const nextCarried = state ? { state, at: from } : carried;

  const quarterTarget = floorTo(marks.minutesUntil ?? historyFrom, quarterMs);
  for (let quarter = marks.quartersUntil ?? historyFrom; quarter < quarterTarget;) {
    const to = Math.min(quarterTarget, quarter + minutesChunkMs);
    const minutes = await store.periods(tierResolution.minute, { from: quarter, to });
    const quarters = mergePeriods(minutes, alignedEdges(quarter, to, quarterMs));
    await store.replacePeriods(tierResolution.quarter, { from: quarter, to }, quarters, { quartersUntil: to });
    progress.quarters += (to - quarter) / quarterMs;
    marks.quartersUntil = to;
    quarter = to;
  }

  const dayTarget = floorTo(marks.quartersUntil ?? historyFrom, dayMs);
  for (let day = marks.daysUntil ?? historyFrom; day < dayTarget; day += dayMs) {
    const quarters = await store.periods(tierResolution.quarter, { from: day, to: day + dayMs });
    const days = mergePeriods(quarters, [day, day + dayMs]);
    await store.replacePeriods(tierResolution.day, { from: day, to: day + dayMs }, days, { daysUntil: day + dayMs });
    progress.days += 1;
  }
  return { progress, carried: nextCarried };
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
