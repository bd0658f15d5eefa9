// An event's report as its page and its printed sheet show it (issue 35, item 2): every figure
// as text in the user's language, times in the console's time zone, the rows of a table one page
// at a time (the CSV has them all).
import type { Dropout, ReportRow } from "~/domain/listening-report";
import type { ListeningEvent } from "~/records/listening";
import { formatMoment } from "~/utils/dates";
import type { ListenersChartView } from "./chart-view";
import { numberText } from "./chart.server";
import type { LoadedReport } from "./report.server";

export interface ReportRowView {
  key: string;
  serialNumber: string;
  channelIndex: number;
  stationName: string;
  channelName: string | null;
  peakText: string;
  listenerMinutesText: string;
  sessionsText: string;
  /** Null: nobody listened. */
  averageText: string | null;
}

export interface DropoutView {
  key: string;
  serialNumber: string;
  stationName: string;
  atText: string;
  /** Null: not back before the event's end. */
  untilText: string | null;
  listeners: number;
  listenersText: string;
}

export interface ReportView {
  notStarted: boolean;
  fromText: string;
  toText: string;
  peak: { listeners: number; listenersText: string; atText: string } | null;
  peakIsUpperBound: boolean;
  listenerMinutesText: string;
  sessionsText: string;
  averageSessionText: string | null;
  /** Share of the event's time the counts were known, when not all of it ("87.5"). */
  knownPercentText: string | null;
  channels: ReportRowView[];
  channelsTotal: number;
  stations: ReportRowView[];
  stationsTotal: number;
  dropouts: DropoutView[];
  dropoutsTotal: number;
  chart: ListenersChartView | null;
}

function rowView(row: ReportRow, locale: string): ReportRowView {
  return {
    key: `${row.serialNumber}/${row.channelIndex}`,
    serialNumber: row.serialNumber,
    channelIndex: row.channelIndex,
    stationName: row.stationName,
    channelName: row.channelName,
    peakText: numberText(row.peak, locale),
    listenerMinutesText: numberText(row.listenerMinutes, locale),
    sessionsText: numberText(row.sessions, locale),
    averageText: row.averageSessionMinutes === null ? null : numberText(row.averageSessionMinutes, locale, 1),
  };
}

function dropoutView(dropout: Dropout, locale: string): DropoutView {
  return {
    key: `${dropout.serialNumber}@${dropout.at}`,
    serialNumber: dropout.serialNumber,
    stationName: dropout.stationName,
    atText: formatMoment(dropout.at, locale),
    untilText: dropout.until === null ? null : formatMoment(dropout.until, locale),
    listeners: dropout.listeners,
    listenersText: numberText(dropout.listeners, locale),
  };
}

const page = <T>(rows: readonly T[], which: { skip: number; take: number }) =>
  rows.slice(which.skip, which.skip + which.take);

export function reportView(
  loaded: LoadedReport,
  locale: string,
  pages: { channels: { skip: number; take: number }; stations: { skip: number; take: number }; dropouts?: number },
): ReportView {
  const { report, range } = loaded;
  const known = report.knownShare;
  const chart = loaded.chart ? (({ listenerMs: _sum, ...view }) => view)(loaded.chart) : null;
  return {
    notStarted: loaded.notStarted,
    fromText: formatMoment(range.from, locale),
    toText: formatMoment(range.to, locale),
    peak: report.peak
      ? {
          listeners: report.peak.listeners,
          listenersText: numberText(report.peak.listeners, locale),
          atText: formatMoment(report.peak.at, locale),
        }
      : null,
    peakIsUpperBound: report.peakIsUpperBound,
    listenerMinutesText: numberText(report.listenerMinutes, locale),
    sessionsText: numberText(report.sessions, locale),
    averageSessionText:
      report.averageSessionMinutes === null ? null : numberText(report.averageSessionMinutes, locale, 1),
    knownPercentText: loaded.notStarted || known >= 0.9995 ? null : numberText(known * 100, locale, 1),
    channels: page(report.channels, pages.channels).map((row) => rowView(row, locale)),
    channelsTotal: report.channels.length,
    stations: page(report.stations, pages.stations).map((row) => rowView(row, locale)),
    stationsTotal: report.stations.length,
    dropouts: report.dropouts.slice(0, pages.dropouts ?? report.dropouts.length).map((row) => dropoutView(row, locale)),
    dropoutsTotal: report.dropouts.length,
    chart,
  };
}

export interface EventView {
  id: string;
  title: string;
  startsText: string;
  endsText: string | null;
  /** The stations and channels it covers, by name ("Main hall", "Main hall: English"); empty: the venue. */
  scope: string[];
  createdBy: string;
}

/** What the scope's entries are called: a station by its name, a channel by its station's and its own. */
export function scopeNames(
  entities: readonly {
    serialNumber: string;
    channelIndex: number;
    stationName: string | null;
    channelName: string | null;
  }[],
  scope: readonly string[],
): Map<string, string> {
  const wanted = new Set(scope);
  const serialNumbers = new Set(scope.map((entry) => entry.split("/")[0]!));
  const stations = new Map<string, string | null>();
  for (const entity of entities)
    if (entity.channelIndex === 0 && serialNumbers.has(entity.serialNumber))
      stations.set(entity.serialNumber, entity.stationName);
  const names = new Map<string, string>();
  for (const entity of entities) {
    if (!serialNumbers.has(entity.serialNumber)) continue;
    const station = stations.get(entity.serialNumber) ?? entity.stationName ?? entity.serialNumber;
    const key = entity.channelIndex === 0 ? entity.serialNumber : `${entity.serialNumber}/${entity.channelIndex}`;
    if (!wanted.has(key)) continue;
    names.set(key, entity.channelIndex === 0 ? station : `${station}: ${entity.channelName ?? entity.channelIndex}`);
  }
  return names;
}

export function eventView(event: ListeningEvent, locale: string, names: ReadonlyMap<string, string>): EventView {
  return {
    id: event.id,
    title: event.title,
    startsText: formatMoment(event.startsAt, locale),
    endsText: event.endsAt === null ? null : formatMoment(event.endsAt, locale),
    scope: event.scope.map((entry) => names.get(entry) ?? entry),
    createdBy: event.createdBy.name,
  };
}
