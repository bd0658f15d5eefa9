// An event's report (issue 35, item 2): per channel and per station the most listeners at once,
// the listener-minutes, the sessions and their average length — and, for the event, the moments a
// station dropped out with the listeners it had. The Manager reports how many listen, not who:
// sessions are estimated from the samples (those listening at the start, plus each rise of a
// count); listeners who leave and others who join between two samples are not seen, so sessions
// are undercounted and their average length overstated — the report says "estimated".
import { minuteMs } from "~/domain/listening-series";

export interface ReportEntity {
  id: number;
  serialNumber: string;
  /** 0: the station's total. */
  channelIndex: number;
  stationName: string | null;
  channelName: string | null;
}

export interface EntityFigures {
  peak: number | null;
  listenerMs: number;
  arrivals: number;
}

export interface ReportRow {
  serialNumber: string;
  channelIndex: number;
  stationName: string;
  channelName: string | null;
  peak: number;
  listenerMinutes: number;
  /** Estimated from the samples. */
  sessions: number;
  /** Minutes; null without sessions. */
  averageSessionMinutes: number | null;
}

export interface Dropout {
  serialNumber: string;
  stationName: string;
  at: number;
  /** Null: not back before the event's end (or now). */
  until: number | null;
  listeners: number;
}

export interface EventReport {
  peak: { listeners: number; at: number } | null;
  /** The peak is the highest of each period added up over several stations: at most this. */
  peakIsUpperBound: boolean;
  listenerMinutes: number;
  sessions: number;
  averageSessionMinutes: number | null;
  /** Share of the event's time the venue's counts were known (0…1). */
  knownShare: number;
  channels: ReportRow[];
  stations: ReportRow[];
  dropouts: Dropout[];
}

/** Which entities an event covers: every channel and station (empty scope), or the ones named. */
export function entitiesInScope(entities: readonly ReportEntity[], scope: readonly string[]) {
  if (scope.length === 0)
    return {
      channels: entities.filter((e) => e.channelIndex > 0),
      stations: entities.filter((e) => e.channelIndex === 0),
    };
  const stations = new Set(scope.filter((entry) => !entry.includes("/")));
  const channels = new Set(scope.filter((entry) => entry.includes("/")));
  return {
    channels: entities.filter(
      (entity) =>
        entity.channelIndex > 0 &&
        (stations.has(entity.serialNumber) || channels.has(`${entity.serialNumber}/${entity.channelIndex}`)),
    ),
    stations: entities.filter((entity) => entity.channelIndex === 0 && stations.has(entity.serialNumber)),
  };
}

function rowOf(entity: ReportEntity, figures: EntityFigures | undefined, atStart: number): ReportRow {
  const listenerMinutes = (figures?.listenerMs ?? 0) / minuteMs;
  const sessions = atStart + (figures?.arrivals ?? 0);
  return {
    serialNumber: entity.serialNumber,
    channelIndex: entity.channelIndex,
    stationName: entity.stationName ?? entity.serialNumber,
    channelName: entity.channelIndex === 0 ? null : (entity.channelName ?? String(entity.channelIndex)),
    peak: figures?.peak ?? 0,
    listenerMinutes,
    sessions,
    averageSessionMinutes: sessions > 0 ? listenerMinutes / sessions : null,
  };
}

const byListenerMinutes = (a: ReportRow, b: ReportRow) =>
  b.listenerMinutes - a.listenerMinutes || b.peak - a.peak || a.stationName.localeCompare(b.stationName);

export function buildEventReport(input: {
  channels: readonly ReportEntity[];
  stations: readonly ReportEntity[];
  figures: ReadonlyMap<number, EntityFigures>;
  /** Each entity's count when the event started (absent: none). */
  atStart: ReadonlyMap<number, number | null>;
  peak: { listeners: number; at: number } | null;
  peakIsUpperBound: boolean;
  knownShare: number;
  outages: readonly { serialNumber: string; startsAt: number; endsAt: number | null; listeners: number }[];
  range: { from: number; to: number };
}): EventReport {
  const startOf = (entity: ReportEntity) => input.atStart.get(entity.id) ?? 0;
  const channels = input.channels
    .map((entity) => rowOf(entity, input.figures.get(entity.id), startOf(entity)))
    .filter((row) => row.peak > 0 || row.listenerMinutes > 0)
    .sort(byListenerMinutes);
  // A station's sessions are its channels' (a listener moving between its channels is two),
  // added up once per station: a venue has thousands of each.
  const channelSessions = new Map<string, number>();
  for (const row of channels)
    channelSessions.set(row.serialNumber, (channelSessions.get(row.serialNumber) ?? 0) + row.sessions);
  const stations = input.stations
    .map((entity) => {
      const row = rowOf(entity, input.figures.get(entity.id), 0);
      const sessions = channelSessions.get(entity.serialNumber) ?? 0;
      return { ...row, sessions, averageSessionMinutes: sessions > 0 ? row.listenerMinutes / sessions : null };
    })
    .filter((row) => row.peak > 0 || row.listenerMinutes > 0)
    .sort(byListenerMinutes);
  const listenerMinutes = channels.reduce((sum, row) => sum + row.listenerMinutes, 0);
  const sessions = channels.reduce((sum, row) => sum + row.sessions, 0);
  const names = new Map(
    [...input.stations, ...input.channels].map((entity) => [
      entity.serialNumber,
      entity.stationName ?? entity.serialNumber,
    ]),
  );
  const dropouts = input.outages
    .filter((outage) => outage.startsAt >= input.range.from && outage.startsAt < input.range.to)
    .map((outage) => ({
      serialNumber: outage.serialNumber,
      stationName: names.get(outage.serialNumber) ?? outage.serialNumber,
      at: outage.startsAt,
      until: outage.endsAt !== null && outage.endsAt <= input.range.to ? outage.endsAt : null,
      listeners: outage.listeners,
    }))
    .sort((a, b) => a.at - b.at);
  return {
    peak: input.peak,
    peakIsUpperBound: input.peakIsUpperBound,
    listenerMinutes,
    sessions,
    averageSessionMinutes: sessions > 0 ? listenerMinutes / sessions : null,
    knownShare: input.knownShare,
    channels,
    stations,
    dropouts,
  };
}
