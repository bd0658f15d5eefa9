// Events as the screens list them, and the stations and channels an event can be about (those the
// history knows: every station sampled at least once, under its last names).
import type { ScopeStation } from "~/components/listening/EventForm";
import type { EventState } from "~/components/listening/event-states";
import { dayMs } from "~/domain/listening-series";
import type { ListeningEntity, ListeningEvent } from "~/records/listening";
import { timeFormatter } from "./chart.server";

export interface EventRow {
  id: string;
  title: string;
  startsText: string;
  endsText: string | null;
  state: EventState;
  scope: string[];
}

export function eventState(event: Pick<ListeningEvent, "startsAt" | "endsAt">, now: number): EventState {
  return event.startsAt > now ? "scheduled" : event.endsAt === null || event.endsAt > now ? "running" : "ended";
}

export function eventRow(event: ListeningEvent, now: number, locale: string): EventRow {
  const format = timeFormatter(locale, 30 * dayMs);
  return {
    id: event.id,
    title: event.title,
    startsText: format.format(event.startsAt),
    endsText: event.endsAt === null ? null : format.format(event.endsAt),
    state: eventState(event, now),
    scope: event.scope,
  };
}

export function scopeStations(entities: readonly ListeningEntity[]): ScopeStation[] {
  const stations = new Map<string, ScopeStation>();
  for (const entity of entities) {
    const station = stations.get(entity.serialNumber) ?? {
      serialNumber: entity.serialNumber,
      name: entity.stationName ?? entity.serialNumber,
      channels: [],
    };
    if (entity.channelIndex === 0) station.name = entity.stationName ?? entity.serialNumber;
    else station.channels.push({ index: entity.channelIndex, name: entity.channelName ?? String(entity.channelIndex) });
    stations.set(entity.serialNumber, station);
  }
  return [...stations.values()]
    .map((station) => ({ ...station, channels: station.channels.sort((a, b) => a.index - b.index) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.serialNumber.localeCompare(b.serialNumber));
}
