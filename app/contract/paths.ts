// The Manager's URL surface, shared by the console's client and the simulator's router so the
// two cannot drift apart. Stations are addressed by serial number, channels by their 1-based
// index on the station (docs/decisions/002-manager-wire-contract.md).

export const configurationApi = "/configuration/api/v1.0";
export const updaterApi = "/updater/api/v1.0";

const enc = encodeURIComponent;

export const managerPaths = {
  settings: () => `${configurationApi}/settings`,
  systemSettings: () => `${configurationApi}/settings/system`,

  stations: () => `${configurationApi}/stations`,
  station: (serialNumber: string) => `${configurationApi}/stations/${enc(serialNumber)}`,
  reboot: (serialNumber: string) => `${configurationApi}/stations/${enc(serialNumber)}/reboot`,
  restoreFactorySettings: (serialNumber: string) =>
    `${configurationApi}/stations/${enc(serialNumber)}/RestoreFactorySettings`,
  updateName: (serialNumber: string) => `${configurationApi}/stations/${enc(serialNumber)}/UpdateName`,
  updateAudioMode: (serialNumber: string) => `${configurationApi}/stations/${enc(serialNumber)}/UpdateAudioMode`,
  updateAudioEncoder: (serialNumber: string) => `${configurationApi}/stations/${enc(serialNumber)}/UpdateAudioEncoder`,
  updateAudioChannel: (serialNumber: string) => `${configurationApi}/stations/${enc(serialNumber)}/UpdateAudioChannel`,
  updateNetworkSettings: (serialNumber: string) =>
    `${configurationApi}/stations/${enc(serialNumber)}/UpdateNetworkSettings`,
  stationConfiguration: (serialNumber: string) => `${configurationApi}/stations/${enc(serialNumber)}/configuration`,

  pinCode: (serialNumber: string, channelIndex: number) =>
    `${configurationApi}/stations/${enc(serialNumber)}/channels/${channelIndex}/pinCode`,
  qrCode: (serialNumber: string, channelIndex: number, format: "svg" | "png" = "svg") =>
    `${configurationApi}/stations/${enc(serialNumber)}/channels/${channelIndex}/qrcode.${format}`,
  testTone: (serialNumber: string, channelIndex: number) =>
    `${configurationApi}/stations/${enc(serialNumber)}/channels/${channelIndex}/testTone`,
  channels: () => `${configurationApi}/channels`,

  acceptStation: (serialNumber: string) => `${configurationApi}/authorization/${enc(serialNumber)}/Accept`,
  rejectStation: (serialNumber: string) => `${configurationApi}/authorization/${enc(serialNumber)}/Reject`,
  resetRejectedStations: () => `${configurationApi}/authorization/ResetRejectedStations`,

  appView: () => `${configurationApi}/appview`,
  updateChannelOrder: () => `${configurationApi}/appview/UpdateChannelOrder`,

  moderation: () => `${configurationApi}/moderation/`,
  updateModerationChannel: (channelId: string) =>
    `${configurationApi}/moderation/${enc(channelId)}/UpdateChannelDetails`,
  nextSpeaker: (channelId: string) => `${configurationApi}/moderation/${enc(channelId)}/NextSpeaker`,
  muteSpeaker: (channelId: string) => `${configurationApi}/moderation/${enc(channelId)}/MuteSpeaker`,
  clearSpeakers: (channelId: string) => `${configurationApi}/moderation/${enc(channelId)}/ClearSpeakers`,

  connectedStationCount: () => `${configurationApi}/statistics/GetConnectStationCount`,
  audioChannelCount: () => `${configurationApi}/statistics/GetAudioChannelCount`,

  systemEvents: () => `${configurationApi}/systemEvents`,
  dismissAllSystemEvents: () => `${configurationApi}/systemEvents/dismiss`,
  dismissSystemEvent: (id: string) => `${configurationApi}/systemEvents/${enc(id)}/dismiss`,
  downloadSystemEvents: () => `${configurationApi}/systemEvents/download`,

  appCustomization: () => `${configurationApi}/appCustomizationConfiguration`,
  appCustomizationById: (id: string) => `${configurationApi}/appCustomizationConfiguration/${enc(id)}`,

  tokens: () => `${configurationApi}/tokens`,
  token: (id: string) => `${configurationApi}/tokens/${enc(id)}`,
  revokeToken: (id: string) => `${configurationApi}/tokens/${enc(id)}/revoke`,

  firmware: () => `${updaterApi}/firmware`,
  updateMetadata: () => `${updaterApi}/firmware/GetUpdateMetadata`,
  syncUpdateMetadata: () => `${updaterApi}/firmware/SyncUpdateMetadata`,
  startFirmwareUpdate: (serialNumber: string, firmwareId: string) =>
    `${updaterApi}/firmware/${enc(serialNumber)}/Update/${enc(firmwareId)}`,
} as const;

/**
 * Each call's path as a template, `{name}` where the builder fills in an argument: what logs
 * and metrics name a Manager call by, never the serial numbers or ids of one call
 * (docs/decisions/016-logs-and-metrics.md). A test checks each against its builder.
 */
export const managerPathTemplates: { readonly [Name in keyof typeof managerPaths]: string } = {
  settings: `${configurationApi}/settings`,
  systemSettings: `${configurationApi}/settings/system`,
  stations: `${configurationApi}/stations`,
  station: `${configurationApi}/stations/{serialNumber}`,
  reboot: `${configurationApi}/stations/{serialNumber}/reboot`,
  restoreFactorySettings: `${configurationApi}/stations/{serialNumber}/RestoreFactorySettings`,
  updateName: `${configurationApi}/stations/{serialNumber}/UpdateName`,
  updateAudioMode: `${configurationApi}/stations/{serialNumber}/UpdateAudioMode`,
  updateAudioEncoder: `${configurationApi}/stations/{serialNumber}/UpdateAudioEncoder`,
  updateAudioChannel: `${configurationApi}/stations/{serialNumber}/UpdateAudioChannel`,
  updateNetworkSettings: `${configurationApi}/stations/{serialNumber}/UpdateNetworkSettings`,
  stationConfiguration: `${configurationApi}/stations/{serialNumber}/configuration`,
  pinCode: `${configurationApi}/stations/{serialNumber}/channels/{channelIndex}/pinCode`,
  qrCode: `${configurationApi}/stations/{serialNumber}/channels/{channelIndex}/qrcode.{format}`,
  testTone: `${configurationApi}/stations/{serialNumber}/channels/{channelIndex}/testTone`,
  channels: `${configurationApi}/channels`,
  acceptStation: `${configurationApi}/authorization/{serialNumber}/Accept`,
  rejectStation: `${configurationApi}/authorization/{serialNumber}/Reject`,
  resetRejectedStations: `${configurationApi}/authorization/ResetRejectedStations`,
  appView: `${configurationApi}/appview`,
  updateChannelOrder: `${configurationApi}/appview/UpdateChannelOrder`,
  moderation: `${configurationApi}/moderation/`,
  updateModerationChannel: `${configurationApi}/moderation/{channelId}/UpdateChannelDetails`,
  nextSpeaker: `${configurationApi}/moderation/{channelId}/NextSpeaker`,
  muteSpeaker: `${configurationApi}/moderation/{channelId}/MuteSpeaker`,
  clearSpeakers: `${configurationApi}/moderation/{channelId}/ClearSpeakers`,
  connectedStationCount: `${configurationApi}/statistics/GetConnectStationCount`,
  audioChannelCount: `${configurationApi}/statistics/GetAudioChannelCount`,
  systemEvents: `${configurationApi}/systemEvents`,
  dismissAllSystemEvents: `${configurationApi}/systemEvents/dismiss`,
  dismissSystemEvent: `${configurationApi}/systemEvents/{id}/dismiss`,
  downloadSystemEvents: `${configurationApi}/systemEvents/download`,
  appCustomization: `${configurationApi}/appCustomizationConfiguration`,
  appCustomizationById: `${configurationApi}/appCustomizationConfiguration/{id}`,
  tokens: `${configurationApi}/tokens`,
  token: `${configurationApi}/tokens/{id}`,
  revokeToken: `${configurationApi}/tokens/{id}/revoke`,
  firmware: `${updaterApi}/firmware`,
  updateMetadata: `${updaterApi}/firmware/GetUpdateMetadata`,
  syncUpdateMetadata: `${updaterApi}/firmware/SyncUpdateMetadata`,
  startFirmwareUpdate: `${updaterApi}/firmware/{serialNumber}/Update/{firmwareId}`,
};

// Literal segments win over placeholders: fewer placeholders first (".../systemEvents/dismiss"
// before ".../systemEvents/{id}/dismiss" could ever be confused with a serial number).
const templateMatchers = Object.values(managerPathTemplates)
  .map((template) => ({
    template,
    placeholders: template.split("{").length - 1,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`),
  }))
  .sort((a, b) => a.placeholders - b.placeholders);

/** The template of a path a builder made (without its query), or null for none of ours. */
export function managerPathTemplate(path: string): string | null {
  const pathname = path.split("?")[0]!;
  return templateMatchers.find((matcher) => matcher.pattern.test(pathname))?.template ?? null;
}
