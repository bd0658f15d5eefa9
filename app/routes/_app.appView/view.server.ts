// What the App view renders, cut from the app view (app/venue-copies/app-view-index.ts): a page
// of the channels in app order, a page of the stations with their channels, a page of the
// ungrouped channels, and the phone preview's branding. A Moderator gets only a page of the
// channels with an audience mic (DESIGN.md §9). Only the rows of those pages are built, so the
// work of a page does not grow with the venue.
import { inAppOrder } from "~/domain/channel-order";
import { defaultColours } from "~/domain/colours";
import type { AppCustomization } from "~/contract/app-customization";
import type { AppViewStation } from "~/contract/app-view";
import { stationLabel, type AppViewIndex } from "~/venue-copies/app-view-index";
import { appViewPaging } from "./url-state";
import { pageOf } from "~/utils/paging";

export const previewChannelCount = 3;

function channelView(index: AppViewIndex, id: string) {
  const { channel, station } = index.channel(id)!;
  return {
    id: channel.id,
    index: channel.index,
    name: channel.name,
    position: index.positionOf(id),
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

/** Every channel of the app view with its station, in app order (what a move reorders). */
export function channelsInAppOrder(stations: readonly AppViewStation[]) {
  const entries = stations.flatMap((station) => station.channels.map((channel) => ({ ...channel, station })));
  return inAppOrder(entries);
}

/** The first channels a listener sees: those shown in the app, in app order. */
function previewChannels(index: AppViewIndex) {
  const names: string[] = [];
  for (const id of index.order) {
    const { channel } = index.channel(id)!;
    if (channel.isEnabled && !channel.isHidden) names.push(channel.name);
    if (names.length === previewChannelCount) break;
  }
  return names;
}

export function administratorView(
  index: AppViewIndex,
  customization: AppCustomization | null,
  search: URLSearchParams = new URLSearchParams(),
) {
  const page = (ids: readonly string[], paging: { param: string; pageSize: number }) => {
    const { items, ...rest } = pageOf(ids, search.get(paging.param), paging.pageSize);
    return { ...rest, items: items.map((id) => channelView(index, id)) };
  };
  const { items: serialNumbers, ...stationsPage } = pageOf(
    index.stationsByLabel,
    search.get(appViewPaging.stations.param),
    appViewPaging.stations.pageSize,
  );
  const branding = customization?.isActive ? customization : null;
  return {
    order: page(index.order, appViewPaging.order),
    stations: {
      ...stationsPage,
      items: serialNumbers.map((serialNumber) => {
        const station = index.station(serialNumber)!;
        return {
          serialNumber: station.serialNumber,
          name: stationLabel(station),
          computedState: station.computedState,
          useCaseMode: station.useCaseMode,
          channels: [...station.channels]
            .sort((a, b) => a.index - b.index)
            .map((channel) => channelView(index, channel.id)),
        };
      }),
    },
    ungrouped: page(index.ungrouped, appViewPaging.ungrouped),
    preview: {
      isCustomized: branding !== null,
      logo: branding?.logo ?? null,
      backgroundColor: branding?.backgroundColor ?? defaultColours.backgroundColor,
      highlightColor: branding?.highlightColor ?? defaultColours.highlightColor,
      fontColor: branding?.fontColor ?? defaultColours.fontColor,
      channels: previewChannels(index),
    },
  };
}

export function moderatorView(index: AppViewIndex, search: URLSearchParams = new URLSearchParams()) {
  const { items, ...page } = pageOf(
    index.withAudienceMic,
    search.get(appViewPaging.audienceMic.param),
    appViewPaging.audienceMic.pageSize,
  );
  return {
    ...page,
    items: items.map((id) => {
      const { channel, station } = index.channel(id)!;
      return {
        id: channel.id,
        name: channel.name,
        station: stationLabel(station),
        uplinkUnmuted: channel.uplinkUnmuted,
      };
    }),
  };
}
export type AudienceMicChannel = ReturnType<typeof moderatorView>["items"][number];
