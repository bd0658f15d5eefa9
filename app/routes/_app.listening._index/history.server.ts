// What /listening shows (issue 35, item 3): the chart of the venue — or of one station or channel
// (?station=…&channel=…) — over the chosen range, its figures, the channels that had listeners
// (the busiest first, 20 a page), the events and the stretches nothing is known in that range.
import { breakdownPageSize } from "~/listening/page-sizes";
import { rangeOf, type ListeningRange, type RangeError } from "~/domain/listening-ranges";
import { minuteMs, venueEntityId } from "~/domain/listening-series";
import { addUpTotals, historyMarks } from "~/listening/history.server";
import { TotalsAccumulator } from "~/listening/totals-cache.server";
import { listenersChart } from "~/listening/series.server";
import { numberText, timeFormatter } from "~/listening/chart.server";
import type { ListeningEntity, ListeningGapReason, ListeningStore } from "~/records/listening";

export type Focus =
  | { kind: "venue" }
  | { kind: "station"; serialNumber: string; stationName: string; entityId: number }
  | {
      kind: "channel";
      serialNumber: string;
      channelIndex: number;
      stationName: string;
      channelName: string;
      entityId: number;
    }
  | { kind: "unknown"; serialNumber: string };

export function focusOf(search: URLSearchParams, entities: readonly ListeningEntity[]): Focus {
  const serialNumber = search.get("station")?.trim() ?? "";
  if (!serialNumber) return { kind: "venue" };
  const channelText = search.get("channel");
  const channelIndex = channelText && /^\d{1,3}$/.test(channelText) ? Number(channelText) : 0;
  const entity = entities.find(
    (candidate) => candidate.serialNumber === serialNumber && candidate.channelIndex === channelIndex,
  );
  if (!entity) return { kind: "unknown", serialNumber: serialNumber.slice(0, 64) };
  const stationName = entity.stationName ?? serialNumber;
  if (channelIndex === 0) return { kind: "station", serialNumber, stationName, entityId: entity.id };
  return {
    kind: "channel",
    serialNumber,
    channelIndex,
    stationName,
    channelName: entity.channelName ?? String(channelIndex),
    entityId: entity.id,
  };
}

export interface BreakdownRow {
  serialNumber: string;
  channelIndex: number;
  stationName: string;
  channelName: string;
  peakText: string;
  listenerMinutesText: string;
  shareText: string;
}

export interface GapRow {
  fromText: string;
  toText: string | null;
  reason: ListeningGapReason;
}

export async function loadHistory(
  store: ListeningStore,
  search: URLSearchParams,
  options: { now: number; locale: string; retentionDays: number },
) {
  const { now, locale } = options;
  const { range, error } = rangeOf(search, now, { mostDays: options.retentionDays });
  const [marks, entities] = await Promise.all([historyMarks(store), store.entities()]);
  const focus = focusOf(search, entities);
  const entityId = focus.kind === "station" || focus.kind === "channel" ? focus.entityId : venueEntityId;
  const inFocus = (entity: ListeningEntity) =>
    entity.channelIndex > 0 &&
    (focus.kind === "venue" ||
      (focus.kind === "station" && entity.serialNumber === focus.serialNumber) ||
      (focus.kind === "channel" && entity.id === focus.entityId));
  const channels = entities.filter(inFocus);
  const page = Math.max(1, Math.floor(Number(search.get("page")) || 1));
  const [chart, totals, events, gaps] = await Promise.all([
    listenersChart(store, marks, { entityIds: [entityId], range, now, locale }),
    focus.kind === "unknown"
      ? Promise.resolve(new TotalsAccumulator())
      : addUpTotals(store, marks, {
          range,
          entityIds: focus.kind === "venue" ? undefined : channels.map((channel) => channel.id),
          now,
        }),
    store.events.overlapping(range),
    store.gaps(range),
  ]);
  const timeFormat = timeFormatter(locale, range.to - range.from);
  const peakOf = (channel: ListeningEntity) => totals.peakOf(channel.id) ?? 0;
  const listenerMsOf = (channel: ListeningEntity) => totals.listenerMsOf(channel.id);
  const listened = channels
    .filter((channel) => peakOf(channel) > 0)
    .sort((a, b) => listenerMsOf(b) - listenerMsOf(a) || peakOf(b) - peakOf(a));
  const allMs = listened.reduce((sum, channel) => sum + listenerMsOf(channel), 0);
  const breakdown: BreakdownRow[] = listened
    .slice((page - 1) * breakdownPageSize, page * breakdownPageSize)
    .map((channel) => ({
      serialNumber: channel.serialNumber,
      channelIndex: channel.channelIndex,
      stationName: channel.stationName ?? channel.serialNumber,
      channelName: channel.channelName ?? String(channel.channelIndex),
      peakText: numberText(peakOf(channel), locale),
      listenerMinutesText: numberText(listenerMsOf(channel) / minuteMs, locale),
      shareText: numberText(allMs > 0 ? (100 * listenerMsOf(channel)) / allMs : 0, locale, 1),
    }));
  return {
    range: publicRange(range),
    rangeError: error satisfies RangeError | null,
    focus,
    chart,
    listenerMinutesText: numberText(chart.listenerMs / minuteMs, locale),
    breakdown,
    breakdownTotal: listened.length,
    page,
    events: events.map((event) => ({
      id: event.id,
      title: event.title,
      startsText: timeFormat.format(event.startsAt),
      isRunning: event.endsAt === null || event.endsAt > now,
    })),
    gaps: gaps.map((gap): GapRow => ({
      fromText: timeFormat.format(Math.max(gap.startsAt, range.from)),
      toText: gap.endsAt === null ? null : timeFormat.format(Math.min(gap.endsAt, range.to)),
      reason: gap.reason,
    })),
  };
}

function publicRange(range: ListeningRange) {
  return { name: range.name, isLive: range.isLive, fromText: range.fromText, toText: range.toText };
}
