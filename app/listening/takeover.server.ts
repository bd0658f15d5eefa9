// Taking the sampler's lease (issue 35, item 1; decision 070): the observer starts from what the
// history holds, never from a process's memory, and a stretch nobody sampled becomes a gap.
import { dayMs, floorTo, hourMs } from "~/domain/listening-series";
import { emptyBatch, type ListeningBatch, type ListeningStore } from "~/records/listening";
import { stateAt, type HistoryMarks } from "./history.server";
import { newObserverState, observeNothing, observerStateFrom, type ObserverState } from "./observer";

/**
 * The observer's state from the stored history at `now`, and what to store first: the history's
 * start on a new database, else a "notSampled" gap from the last thing stored when nobody sampled
 * for longer than two rounds (the console was down, or no process held the lease).
 */
export async function resumeFromHistory(
  records: ListeningStore,
  marks: HistoryMarks,
  now: number,
  sampleEveryMs: number,
): Promise<{ state: ObserverState; batch: ListeningBatch | null }> {
  if (marks.historyFrom === undefined) {
    const state = newObserverState();
    state.keyframeHour = floorTo(now, hourMs);
    return {
      state,
      batch: { ...emptyBatch(), state: { historyFrom: floorTo(now, dayMs), samplesFrom: floorTo(now, hourMs) } },
    };
  }
  const hour = floorTo(now, hourMs);
  const [stored, entities, gaps, outages, thisHour] = await Promise.all([
    stateAt(records, marks, now),
    records.entities(),
    records.gaps({ from: marks.sampledUntil ?? marks.historyFrom, to: now + 1 }),
    records.outages({ from: now - 30 * dayMs, to: now + 1 }),
    records.samples({ from: hour, to: now }, []),
  ]);
  const state = observerStateFrom(stored, entities, {
    gap: gaps.find((gap) => gap.endsAt === null) ?? null,
    outages: outages.filter((outage) => outage.endsAt === null),
    // This hour's keyframe is there when anything of this hour is; else it is written now.
    keyframeHour: thisHour.length > 0 ? hour : hour - hourMs,
  });
  if (marks.sampledUntil === undefined || now - marks.sampledUntil <= 2 * sampleEveryMs) return { state, batch: null };
  // The gap begins after the last thing stored — a push the dead holder stored after its last
  // round is known, and a gap before it would be reopened by it.
  const storedSince = await records.samples({ from: marks.sampledUntil, to: now + 1 });
  const lastStored = storedSince.reduce((latest, sample) => Math.max(latest, sample.at), marks.sampledUntil);
  return { state, batch: observeNothing(state, lastStored, "notSampled") };
}
