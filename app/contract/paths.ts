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
