// What the station screens send to the browser: only the fields a page renders, never whole
// Station objects (DESIGN.md §4).
import type { Channel } from "~/contract/channels";
import type { Station } from "~/contract/stations";

export function displayName(station: Pick<Station, "name" | "serialNumber">) {
  return station.name ?? station.serialNumber;
}

export interface StationRow {
  serialNumber: string;
  name: string | null;
  computedState: Station["deviceState"]["computedState"];
  isReady: boolean;
  firmwareVersion: string;
  controlIp: string;
  streamingIp: string;
  channelsInUse: number;
  channelCount: number;
}

export function toStationRow(station: Station): StationRow {
  return {
    serialNumber: station.serialNumber,
    name: station.name,
    computedState: station.deviceState.computedState,
    isReady: station.deviceState.isReady,
    firmwareVersion: station.currentFirmwareVersion,
    controlIp: station.state.controlNetworkInterface.ip,
    streamingIp: station.state.streamingNetworkInterface.ip,
    channelsInUse: station.audioChannels.filter((channel) => channel.isEnabled).length,
    channelCount: station.audioChannels.length,
  };
}

/** What the user checks before accepting a station (operations.md §1). */
export interface AuthorizationView {
  serialNumber: string;
  name: string | null;
  controlMacAddress: string;
  streamingMacAddress: string;
  fingerprint: string;
  isReady: boolean;
  isUnauthorized: boolean;
}

export function toAuthorizationView(station: Station): AuthorizationView {
  return {
    serialNumber: station.serialNumber,
    name: station.name,
    controlMacAddress: station.controlMacAddress,
    streamingMacAddress: station.streamingMacAddress,
    fingerprint: station.authorization.fingerprint,
    isReady: station.deviceState.isReady,
    isUnauthorized: !station.authorization.isAuthorized,
  };
}

export interface ChannelRow {
  index: number;
  name: string;
  isEnabled: boolean;
  isHidden: boolean;
  hasPin: boolean;
  uplinkEnabled: boolean;
  listenerCount: number;
}

export function toChannelRow(channel: Channel): ChannelRow {
  return {
    index: channel.index,
    name: channel.name,
    isEnabled: channel.isEnabled,
    isHidden: channel.isHidden,
    hasPin: channel.pinCode !== null,
    uplinkEnabled: channel.uplinkEnabled,
    listenerCount: channel.listenerCount,
  };
}
