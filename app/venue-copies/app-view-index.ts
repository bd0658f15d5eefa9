// The Manager's app view held for the App view's pages: every station with its channels, changed
// station by station as the stations hub pushes, and the orders a page is cut from — the channels
// in app order, the stations by name, the ungrouped channels, the channels with an audience mic.
// Those orders are built again only when a change can move something in them (a name, a channel
// added or removed, a position, a group, an audience mic switched on or off); a listener count or a
// connection state changes the entry in place. A page then costs its own rows, whatever the venue's
// size. Built from one read too, for a request the copy cannot serve (decision 072).
import type { AppViewStation } from "~/contract/app-view";
import type { Channel } from "~/contract/channels";
import { inAppOrder } from "~/domain/channel-order";

export interface ChannelEntry {
  channel: Channel;
  station: AppViewStation;
}

interface Orders {
  /** Channel ids in app order. */
  order: string[];
  positionOf: Map<string, number>;
  /** Serial numbers by the station's label (name, else serial number). */
  stationsByLabel: string[];
  ungrouped: string[];
  withAudienceMic: string[];
}

export const stationLabel = (station: Pick<AppViewStation, "name" | "serialNumber">) =>
  station.name || station.serialNumber;

// One collator for every comparison: String#localeCompare builds one per call (a venue of 5,000
// stations sorted with it took tens of ms).
const byLabel = new Intl.Collator().compare;

/** What a station contributes to the orders: a change of it means the orders must be built again. */
function shapeOf(station: AppViewStation) {
  const channels = station.channels.map(
    (channel) => `${channel.id}:${channel.index}:${channel.sortId}:${channel.group ?? ""}:${channel.uplinkEnabled}`,
  );
  return `${stationLabel(station)}\u0000${channels.join("\u0000")}`;
}

export class AppViewIndex {
  private readonly stations = new Map<string, AppViewStation>();
  private readonly shapes = new Map<string, string>();
  private readonly channels = new Map<string, ChannelEntry>();
  private orders: Orders | null = null;

  static of(stations: Iterable<AppViewStation>) {
    const index = new AppViewIndex();
    index.replace(stations);
    return index;
  }

  /** Everything again, from a full read. */
  replace(stations: Iterable<AppViewStation>) {
    this.stations.clear();
    this.shapes.clear();
    this.channels.clear();
    this.orders = null;
    for (const station of stations) this.put(station);
  }

  /** A station as it is now (added or changed). */
  upsert(station: AppViewStation) {
    const before = this.stations.get(station.serialNumber);
    if (before) this.forgetChannels(before);
    this.put(station);
  }

  remove(serialNumber: string) {
    const before = this.stations.get(serialNumber);
    if (!before) return;
    this.forgetChannels(before);
    this.stations.delete(serialNumber);
    this.shapes.delete(serialNumber);
    this.orders = null;
  }

  /** One channel as it is now; false when its station is not in the app view (nothing to change). */
  updateChannel(channel: Channel): boolean {
    const station = this.stations.get(channel.stationSerialNumber);
    if (!station?.channels.some((candidate) => candidate.id === channel.id)) return false;
    this.upsert({
      ...station,
      channels: station.channels.map((candidate) => (candidate.id === channel.id ? channel : candidate)),
    });
    return true;
  }

  get stationCount() {
    return this.stations.size;
  }

  /** Every station, in no particular order (a full read's shape). */
  allStations(): AppViewStation[] {
    return [...this.stations.values()];
  }

  station(serialNumber: string) {
    return this.stations.get(serialNumber);
  }

  channel(id: string) {
    return this.channels.get(id);
  }

  /** The channel's position in the app, from 1. */
  positionOf(channelId: string) {
    return this.built().positionOf.get(channelId) ?? 0;
  }

  /** Channel ids in app order. */
  get order(): readonly string[] {
    return this.built().order;
  }

  get stationsByLabel(): readonly string[] {
    return this.built().stationsByLabel;
  }

  get ungrouped(): readonly string[] {
    return this.built().ungrouped;
  }

  get withAudienceMic(): readonly string[] {
    return this.built().withAudienceMic;
  }

  private put(station: AppViewStation) {
    this.stations.set(station.serialNumber, station);
    for (const channel of station.channels) this.channels.set(channel.id, { channel, station });
    const shape = shapeOf(station);
    if (this.shapes.get(station.serialNumber) !== shape) this.orders = null;
    this.shapes.set(station.serialNumber, shape);
  }

  private forgetChannels(station: AppViewStation) {
    for (const channel of station.channels) this.channels.delete(channel.id);
  }

  private built(): Orders {
    if (this.orders) return this.orders;
    const ordered = inAppOrder([...this.channels.values()].map((entry) => entry.channel));
    const order = ordered.map((channel) => channel.id);
    this.orders = {
      order,
      positionOf: new Map(order.map((id, offset) => [id, offset + 1])),
      stationsByLabel: [...this.stations.values()]
        .sort((a, b) => byLabel(stationLabel(a), stationLabel(b)))
        .map((station) => station.serialNumber),
      ungrouped: ordered.filter((channel) => !channel.group).map((channel) => channel.id),
      withAudienceMic: ordered.filter((channel) => channel.uplinkEnabled).map((channel) => channel.id),
    };
    return this.orders;
  }
}
