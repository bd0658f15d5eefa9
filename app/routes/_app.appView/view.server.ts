// What the App view renders, built from the Manager's app view: the stations with their
// channels, the channels in app order, and the phone preview's branding. A Moderator gets only
// the channels with an audience mic (DESIGN.md §9).
import { inAppOrder } from "~/domain/channel-order";
import { defaultColours } from "~/domain/colours";
import type { AppCustomization } from "~/contract/app-customization";
import type { AppViewStation } from "~/contract/app-view";
import type { Channel } from "~/contract/channels";
import { appViewPaging } from "./url-state";
import { pageOf } from "~/utils/paging";

export const previewChannelCount = 3;

const stationLabel = (station: Pick<AppViewStation, "name" | "serialNumber">) => station.name || station.serialNumber;

function channelView(channel: Channel, station: AppViewStation, position: number) {
  return {
    id: channel.id,
    index: channel.index,
    name: channel.name,
    position,
    stationSerialNumber: station.serialNumber,
    station: stationLabel(station),
    channelId: channel.channelId,
    group: channel.group,
    hasPin: channel.pinCode !== null,
    isHidden: channel.isHidden,
    isEnabled: channel.isEnabled,
    uplinkEnabled: channel.uplinkEnabled,
    uplinkUnmuted: channel.uplinkUnmuted,
    isQueueEnabled: channel.isQueueEnabled,
    listenerCount: channel.listenerCount,
  };
}
export type AppViewChannel = ReturnType<typeof channelView>;

/** Every channel of the app view with its station, in app order. */
export function channelsInAppOrder(stations: readonly AppViewStation[]) {
  const entries = stations.flatMap((station) => station.channels.map((channel) => ({ ...channel, station })));
  return inAppOrder(entries);
}

export function administratorView(
  stations: readonly AppViewStation[],
  customization: AppCustomization | null,
  search: URLSearchParams = new URLSearchParams(),
) {
  const ordered = channelsInAppOrder(stations).map((entry, offset) => channelView(entry, entry.station, offset + 1));
  const byId = new Map(ordered.map((channel) => [channel.id, channel]));
  const sortedStations = [...stations].sort((a, b) => stationLabel(a).localeCompare(stationLabel(b)));
  const branding = customization?.isActive ? customization : null;
  const stationsPage = pageOf(
    sortedStations,
    search.get(appViewPaging.stations.param),
    appViewPaging.stations.pageSize,
  );
  return {
    order: pageOf(ordered, search.get(appViewPaging.order.param), appViewPaging.order.pageSize),
    stations: {
      ...stationsPage,
      items: stationsPage.items.map((station) => ({
        serialNumber: station.serialNumber,
        name: stationLabel(station),
        computedState: station.computedState,
        useCaseMode: station.useCaseMode,
        channels: [...station.channels].sort((a, b) => a.index - b.index).map((channel) => byId.get(channel.id)!),
      })),
    },
    ungrouped: pageOf(
      ordered.filter((channel) => !channel.group),
      search.get(appViewPaging.ungrouped.param),
      appViewPaging.ungrouped.pageSize,
    ),
    preview: {
      isCustomized: branding !== null,
      logo: branding?.logo ?? null,
      backgroundColor: branding?.backgroundColor ?? defaultColours.backgroundColor,
      highlightColor: branding?.highlightColor ?? defaultColours.highlightColor,
      fontColor: branding?.fontColor ?? defaultColours.fontColor,
      // The first channels a listener sees: those shown in the app, in app order.
      channels: ordered
        .filter((channel) => channel.isEnabled && !channel.isHidden)
        .slice(0, previewChannelCount)
        .map((channel) => channel.name),
    },
  };
}

export function moderatorView(stations: readonly AppViewStation[]) {
  return channelsInAppOrder(stations)
    .filter((entry) => entry.uplinkEnabled)
    .map((entry) => ({
      id: entry.id,
      name: entry.name,
      station: stationLabel(entry.station),
      uplinkUnmuted: entry.uplinkUnmuted,
    }));
}
export type AudienceMicChannel = ReturnType<typeof moderatorView>[number];
