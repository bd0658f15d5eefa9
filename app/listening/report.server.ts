// An event's report from the listening history (issue 35, item 2): its range (whole minutes, or
// quarter hours once the minutes are no longer kept), the figures of every channel and station it
// covers, the count of each when it started (for the sessions), its chart and peak, how much of it
// is known, and the stations that dropped out during it.
import { periodFor } from "~/domain/listening-ranges";
import { buildEventReport, entitiesInScope, type EventReport, type ReportEntity } from "~/domain/listening-report";
import { ceilTo, floorTo, minuteMs, quarterMs, venueEntityId } from "~/domain/listening-series";
import type { ListeningEvent, ListeningStore } from "~/records/listening";
import type { ListenersChartView } from "./chart.server";
import { historyMarks, historyTiers, readCoverage, readTotals, stateAt, type HistoryMarks } from "./history.server";
import { listenersChart } from "./series.server";

export interface LoadedReport {
  range: { from: number; to: number };
  /** The event starts later: there is nothing to report yet. */
  notStarted: boolean;
  report: EventReport;
  chart: (ListenersChartView & { listenerMs: number }) | null;
}

/** The range rounded out to what the stored forms still hold at its age. */
function storedRange(marks: HistoryMarks, from: number, to: number, now: number) {
  const tiers = historyTiers(marks, now);
  const samples = tiers.find((tier) => tier.name === "samples");
  const minutes = tiers.find((tier) => tier.name === "minute");
  if (samples && from >= samples.from) return { from, to };
  const span = minutes && from >= minutes.from ? minuteMs : quarterMs;
  return { from: floorTo(from, span), to: Math.min(ceilTo(to, span), Math.max(now, from)) };
}

/** Whose line is the event's: the venue's, one station's or channel's, or several added up. */
function peakEntities(scope: readonly string[], channels: readonly ReportEntity[], stations: readonly ReportEntity[]) {
  if (scope.length === 0) return [venueEntityId];
  const stationSerials = new Set(stations.map((station) => station.serialNumber));
  return [
    ...stations.map((station) => station.id),
    ...channels.filter((channel) => !stationSerials.has(channel.serialNumber)).map((channel) => channel.id),
  ];
}

export async function loadEventReport(
  store: ListeningStore,
  event: ListeningEvent,
  now: number,
  locale: string,
): Promise<LoadedReport> {
  const [marks, entities] = await Promise.all([historyMarks(store), store.entities()]);
  const end = Math.min(event.endsAt ?? now, now);
  const range = storedRange(marks, event.startsAt, end, now);
  const { channels, stations } = entitiesInScope(entities, event.scope);
  const empty = buildEventReport({
    channels: [],
    stations: [],
    figures: new Map(),
    atStart: new Map(),
    peak: null,
    peakIsUpperBound: false,
    knownShare: 0,
    outages: [],
    range,
  });
  if (range.to <= range.from) return { range, notStarted: true, report: empty, chart: null };
  const scoped = event.scope.length > 0;
  const ids = [...channels, ...stations].map((entity) => entity.id);
  const lineIds = peakEntities(event.scope, channels, stations);
  if (scoped && lineIds.length === 0) return { range, notStarted: false, report: empty, chart: null };
  const serialNumbers = [...new Set([...channels, ...stations].map((entity) => entity.serialNumber))];
  const [figures, atStart, chart, coverage, outages] = await Promise.all([
    readTotals(store, marks, { range, entityIds: scoped ? ids : undefined, now }),
    stateAt(store, marks, range.from, scoped ? ids : undefined),
    listenersChart(store, marks, {
      entityIds: lineIds,
      range: { ...range, periodMs: periodFor(range.to - range.from) },
      now,
      locale,
    }),
    readCoverage(store, marks, range, now),
    store.outages(range, scoped ? serialNumbers : undefined),
  ]);
  const report = buildEventReport({
    channels,
    stations,
    figures,
    atStart: atStart.values,
    peak: chart.peak ? { listeners: chart.peak.listeners, at: chart.peak.at } : null,
    peakIsUpperBound: chart.peakIsUpperBound,
    knownShare: coverage.spanMs > 0 ? coverage.knownMs / coverage.spanMs : 0,
    outages,
    range,
  });
  return { range, notStarted: false, report, chart };
}
