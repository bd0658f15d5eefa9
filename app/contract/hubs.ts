// The Manager's SignalR hubs and the messages they push (docs/decisions/003-hub-messages.md),
// shared by the console's hub bridge and client and the simulator's hub server.

export const hubPaths = {
  stationsHub: "/configuration/hubs/stationsHub",
  statisticsHub: "/configuration/hubs/statisticsHub",
  moderationHub: "/configuration/hubs/moderationHub",
  systemEventsHub: "/configuration/hubs/systemEventsHub",
  appCustomizationHub: "/configuration/hubs/appCustomizationHub",
  updaterHub: "/updater/hubs/updaterHub",
} as const;
export type HubName = keyof typeof hubPaths;
export const hubNames = Object.keys(hubPaths) as HubName[];

/**
 * Invocation targets per hub. Change messages carry two arguments: the item and its change
 * action ("Add" | "Update" | "Remove"); a Remove carries the last known item.
 */
export const hubMessages = {
  stationsHub: {
    /** (station: Station, action: ChangeAction) */
    stationChanged: "StationChanged",
    /** (channel: Channel, action: "Update") */
    channelChanged: "ChannelChanged",
  },
  statisticsHub: {
    /** (statistics: Statistics, action: "Update") */
    statisticsChanged: "StatisticsChanged",
  },
  moderationHub: {
    /** (channel: ModerationChannel, action: ChangeAction) */
    moderationChannelChanged: "ModerationChannelChanged",
  },
  systemEventsHub: {
    /** (systemEvent: SystemEvent, action: "Add" | "Update") */
    systemEventChanged: "SystemEventChanged",
  },
  appCustomizationHub: {
    /** (configuration: AppCustomization) */
    updated: "updated",
    /** () */
    removed: "removed",
  },
  updaterHub: {
    /** (firmwareInfo: FirmwareInfo, action: "Add" | "Update") */
    firmwareChanged: "FirmwareChanged",
    /** (metadata: UpdateMetadata, action: "Update") */
    updateMetadataChanged: "UpdateMetadataChanged",
  },
} as const;
