// Every change of the Manager state goes out on its hub as the item plus its change action
// (docs/decisions/003-hub-messages.md). Nothing is coalesced: the console coalesces.
import { hubMessages, type HubName } from "../app/contract/hubs";
import type { ManagerChange, ManagerState } from "./state";

export interface HubBroadcaster {
  broadcast(hub: HubName, target: string, ...args: unknown[]): void;
}

export function messageFor(change: ManagerChange): { hub: HubName; target: string; args: unknown[] } {
  switch (change.kind) {
    case "station":
      return {
        hub: "stationsHub",
        target: hubMessages.stationsHub.stationChanged,
        args: [change.station, change.action],
      };
    case "channel":
      return { hub: "stationsHub", target: hubMessages.stationsHub.channelChanged, args: [change.channel, "Update"] };
    case "statistics":
      return {
        hub: "statisticsHub",
        target: hubMessages.statisticsHub.statisticsChanged,
        args: [change.statistics, "Update"],
      };
    case "moderationChannel":
      return {
        hub: "moderationHub",
        target: hubMessages.moderationHub.moderationChannelChanged,
        args: [change.channel, change.action],
      };
    case "systemEvent":
      return {
        hub: "systemEventsHub",
        target: hubMessages.systemEventsHub.systemEventChanged,
        args: [change.systemEvent, change.action],
      };
    case "appCustomization":
      return change.configuration
        ? { hub: "appCustomizationHub", target: hubMessages.appCustomizationHub.updated, args: [change.configuration] }
        : { hub: "appCustomizationHub", target: hubMessages.appCustomizationHub.removed, args: [] };
    case "firmware":
      return {
        hub: "updaterHub",
        target: hubMessages.updaterHub.firmwareChanged,
        args: [change.firmwareInfo, change.action],
      };
    case "updateMetadata":
      return {
        hub: "updaterHub",
        target: hubMessages.updaterHub.updateMetadataChanged,
        args: [change.metadata, "Update"],
      };
  }
}

export function bridgeToHubs(state: ManagerState, hubs: HubBroadcaster): () => void {
  return state.subscribe((change) => {
    const { hub, target, args } = messageFor(change);
    hubs.broadcast(hub, target, ...args);
  });
}
