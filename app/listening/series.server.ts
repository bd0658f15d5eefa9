// A chart of the listeners of the venue, a station, a channel or an event's stations and channels
// over a range (issue 35, item 3): every sample as it is where the samples are still kept and few,
// else the highest count of each period, read from the coarsest stored form that answers it.
import { periodEdges, type ListeningRange } from "~/domain/listening-ranges";
import { minuteMs, quarterMs, venueEntityId } from "~/domain/listening-series";
import type { ListeningStore } from "~/records/listening";
import { buildListenersChart, type ChartStep, type ListenersChartView } from "./chart.server";
import { historyTiers, readPoints, readSeries, type HistoryMarks } from "./history.server";

/** More samples than this in the range: the chart shows periods instead. */
export const mostSamplesShown = 500;

export interface ChartRequest {
  /** One entity, or several added up (an event's stations and channels). */
  entityIds: readonly number[];
  range: Pick<ListeningRange, "from" | "to" | "periodMs">;
  now: number;
  locale: string;
}

/** The finest period the stored forms still hold at `from` (minutes after 30 days, quarters after). */
function storedPeriodAt(marks: HistoryMarks, from: number, now: number, periodMs: number) {
  const tiers = historyTiers(marks, now);
  const minutes = tiers.find((tier) => tier.name === "minute");
  if (minutes && from < minutes.from) return Math.max(periodMs, quarterMs);
  return Math.max(periodMs, minuteMs);
}

/** Each entity's samples over the range as steps, when kept and few; else null. */
async function sampleSteps(store: ListeningStore, marks: HistoryMarks, request: ChartRequest) {
  const { range, now } = request;
  const samples = historyTiers(marks, now).find((tier) => tier.name === "samples");
  if (!samples || range.from < samples.from) return null;
  const perEntity: ChartStep[][] = [];
  for (const entityId of request.entityIds) {
    const points = await readPoints(store, marks, {
      entityId,
      range: { from: range.from, to: Math.min(range.to, samples.until) },
      most: mostSamplesShown,
    });
    if (!points) return null;
    const steps = points.map((point, index) => ({
      at: point.at,
      end: points[index + 1]?.at ?? range.to,
      listeners: point.listeners,
    }));
    // Past the last round (the sampler stopped): not known.
    const last = steps.at(-1);
    if (last && samples.until < range.to) {
      last.end = samples.until;
      steps.push({ at: samples.until, end: range.to, listeners: null });
    }
    perEntity.push(steps);
  }
  return perEntity;
}

/** Several entities' steps added up: at each change, the sum of the known counts (unknown only when none is known). */
export function addSteps(perEntity: readonly ChartStep[][]): ChartStep[] {
  if (perEntity.length === 1) return [...perEntity[0]!];
  const times = [...new Set(perEntity.flatMap((steps) => steps.map((step) => step.at)))].sort((a, b) => a - b);
  const cursors = perEntity.map(() => 0);
  const out: ChartStep[] = [];
  times.forEach((at, index) => {
    let total: number | null = null;
    perEntity.forEach((steps, which) => {
      while (cursors[which]! + 1 < steps.length && steps[cursors[which]! + 1]!.at <= at) cursors[which]! += 1;
      const step = steps[cursors[which]!];
      if (step && step.at <= at && step.listeners !== null) total = (total ?? 0) + step.listeners;
    });
    const end = times[index + 1] ?? Math.max(...perEntity.map((steps) => steps.at(-1)?.end ?? at));
    const previous = out.at(-1);
    if (previous && previous.listeners === total) previous.end = end;
    else out.push({ at, end, listeners: total });
  });
  return out;
}

export async function listenersChart(
  store: ListeningStore,
  marks: HistoryMarks,
  request: ChartRequest,
): Promise<ListenersChartView & { listenerMs: number }> {
  const { range, locale, now } = request;
  const exact = await sampleSteps(store, marks, request);
  if (exact) {
    const steps = addSteps(exact);
    const listenerMs = steps.reduce((sum, step) => sum + (step.listeners ?? 0) * (step.end - step.at), 0);
    const chart = buildListenersChart({ steps, from: range.from, to: range.to, kind: "samples", periodMs: 0, locale });
    return { ...chart, listenerMs };
  }
  const periodMs = storedPeriodAt(marks, range.from, now, range.periodMs);
  const edges = periodEdges(range.from, range.to, periodMs);
  const series = await readSeries(store, marks, { entityIds: request.entityIds, edges, now, periodMs });
  const perEntity = request.entityIds.map((entityId) =>
    series.get(entityId)!.map((period) => ({ at: period.at, end: period.at + period.span, listeners: period.peak })),
  );
  const steps: ChartStep[] =
    perEntity.length === 1
      ? perEntity[0]!
      : perEntity[0]!.map((step, index) => {
          const counts = perEntity.map((steps) => steps[index]!.listeners);
          const known = counts.filter((count): count is number => count !== null);
          return { ...step, listeners: known.length === 0 ? null : known.reduce((sum, count) => sum + count, 0) };
        });
  const listenerMs = request.entityIds.reduce(
    (sum, entityId) => sum + series.get(entityId)!.reduce((total, period) => total + period.listenerMs, 0),
    0,
  );
  const chart = buildListenersChart({
    steps,
    from: range.from,
    to: range.to,
    kind: "periods",
    periodMs,
    locale,
    peakIsUpperBound: request.entityIds.length > 1,
  });
  return { ...chart, listenerMs };
}

export const venueChartRequest = (range: ChartRequest["range"], now: number, locale: string): ChartRequest => ({
  entityIds: [venueEntityId],
  range,
  now,
  locale,
});
