// The Manager's wire shapes, defined once: the console's Manager client parses every answer
// with these, and the simulator validates every request body and builds every answer with them.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

/** 0 unknown, 1 MCS v1 (no longer supported, no audience mic), 2 MCS v2. */
export const stationTypes = { unknown: 0, v1: 1, v2: 2 } as const;
export const StationTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type StationType = z.infer<typeof StationTypeSchema>;

export const computedStates = [
  "Unknown",
  "Connected",
  "Disconnected",
  "Unauthorized",
  "UpdateRequired",
  "Unsupported",
] as const;
export const ComputedStateSchema = z.enum(computedStates);
export type ComputedState = z.infer<typeof ComputedStateSchema>;

export const LinkStateSchema = z.enum(["Unknown", "Up", "Down"]);
export type LinkState = z.infer<typeof LinkStateSchema>;

export const networkInterfaceTypes = ["Unknown", "Cs1Lan2", "Cs1Lan3", "Cs2Control", "Cs2PoE"] as const;
export const NetworkInterfaceTypeSchema = z.enum(networkInterfaceTypes);
export type NetworkInterfaceType = z.infer<typeof NetworkInterfaceTypeSchema>;

/** How an interface gets its address ("mode" in the spec). */
export const ConfigurationTypeSchema = z.enum(["Unknown", "Dynamic", "Static"]);
export type ConfigurationType = z.infer<typeof ConfigurationTypeSchema>;

/** The streaming mode; UpdateAudioMode sends its index. */
export const useCaseModes = { assistiveListening: 0, audienceMicAndAssistiveListening: 1 } as const;
export const UseCaseModeSchema = z.union([z.literal(0), z.literal(1)]);
export type UseCaseMode = z.infer<typeof UseCaseModeSchema>;

export const ChannelModeSchema = z.enum(["Mono", "Stereo"]);
export type ChannelMode = z.infer<typeof ChannelModeSchema>;

/** Input connector: analog, or digital ("SPDIF/AES" on the device). */
export const InputConnectorSchema = z.enum(["Analog", "Digital"]);
export type InputConnector = z.infer<typeof InputConnectorSchema>;

export const DigitalInputTypeSchema = z.enum(["Coaxial", "Optical", "AES"]);
export type DigitalInputType = z.infer<typeof DigitalInputTypeSchema>;

/** Analog input sensitivity: +4 dBu, −10 dBV, Lo Gain. */
export const AnalogInputLevelSchema = z.enum(["Plus4dBu", "Minus10dBV", "LoGain"]);
export type AnalogInputLevel = z.infer<typeof AnalogInputLevelSchema>;

export const LatencyModeSchema = z.enum(["Optimised", "Manual"]);
export type LatencyMode = z.infer<typeof LatencyModeSchema>;

/** Analog output level of the station's output (where the audience mic is heard). */
export const OutputLevelSchema = z.enum(["Plus4dBu", "Minus10dBV"]);
export type OutputLevel = z.infer<typeof OutputLevelSchema>;

/** Firmware update status 0 to 15, by index. */
export const updateStatuses = [
  "Unknown",
  "Current",
  "Downloading",
  "Verifying",
  "Applying",
  "Rebooting",
  "Error",
  "Rolledback",
  "Resetting",
  "Unpacking",
  "UpdatingBootLoader",
  "UpdatingKernel",
  "DownloadingToManager",
  "WaitingForDevice",
  "UpdateFailed",
  "RebootingAfterUpdate",
] as const;
export type UpdateStatusName = (typeof updateStatuses)[number];
export const UpdateStatusSchema = z.number().int().min(0).max(15);
export const updateStatus = Object.fromEntries(updateStatuses.map((name, index) => [name, index])) as {
  [K in UpdateStatusName]: number;
};

/** 0 unknown, 1 info, 2 warning, 3 error. */
export const systemEventTypes = { unknown: 0, info: 1, warning: 2, error: 3 } as const;
export const SystemEventTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type SystemEventType = z.infer<typeof SystemEventTypeSchema>;

export const ChangeActionSchema = z.enum(["Add", "Update", "Remove"]);
export type ChangeAction = z.infer<typeof ChangeActionSchema>;

export const roles = ["Admin", "Moderator", "Owner"] as const;
export const RoleSchema = z.enum(roles);
export type Role = z.infer<typeof RoleSchema>;

/** API token scopes, in the spec's order. */
export const tokenScopes = [
  "stations.read",
  "channels.read",
  "channels.write",
  "channelAccess.read",
  "channelAccess.write",
  "channelSecurity.read",
  "channelSecurity.write",
] as const;
export const TokenScopeSchema = z.enum(tokenScopes);
export type TokenScope = z.infer<typeof TokenScopeSchema>;

const isoDateTime = z.string().datetime({ offset: true });

// ---------------------------------------------------------------------------------------------
// Stations
// ---------------------------------------------------------------------------------------------

export const NetworkInterfaceSchema = z.object({
  type: NetworkInterfaceTypeSchema,
  physicalAddress: z.string(),
  state: LinkStateSchema,
  mode: ConfigurationTypeSchema,
  ip: z.string(),
  netmask: z.string(),
  prefixLength: z.number().int().min(0).max(32),
  gateway: z.string(),
  dns1: z.string(),
  dns2: z.string(),
  dns3: z.string(),
  searchDomains: z.array(z.string()),
  fqdn: z.string(),
});
export type NetworkInterface = z.infer<typeof NetworkInterfaceSchema>;

/** What UpdateNetworkSettings writes per interface; link state, MAC and prefix length are read-only. */
export const NetworkInterfaceSettingsSchema = z.object({
  mode: z.enum(["Dynamic", "Static"]),
  ip: z.string(),
  netmask: z.string(),
  gateway: z.string(),
  dns1: z.string(),
  dns2: z.string(),
  dns3: z.string(),
  searchDomains: z.array(z.string()),
  fqdn: z.string(),
});
export type NetworkInterfaceSettings = z.infer<typeof NetworkInterfaceSettingsSchema>;

export const UpdateNetworkSettingsSchema = z.object({
  controlNetworkInterface: NetworkInterfaceSettingsSchema,
  streamingNetworkInterface: NetworkInterfaceSettingsSchema,
});
export type UpdateNetworkSettings = z.infer<typeof UpdateNetworkSettingsSchema>;

export const DnsDiscoverySettingsSchema = z.object({
  useDnsDiscovery: z.boolean(),
  managerIpAddress: z.string(),
});
export type DnsDiscoverySettings = z.infer<typeof DnsDiscoverySettingsSchema>;

export const NoiseGateSchema = z.object({
  /** Threshold in dB, −90 to 0. */
  thresholdDb: z.number().int().min(-90).max(0),
});
export type NoiseGate = z.infer<typeof NoiseGateSchema>;

export const OutputSettingsSchema = z.object({
  level: OutputLevelSchema,
  /** Output gain in dB, −12 to +12. */
  gainDb: z.number().int().min(-12).max(12),
});
export type OutputSettings = z.infer<typeof OutputSettingsSchema>;

export const StationConfigurationSchema = z.object({
  /** The configured (desired) interface settings; the live values are in state. */
  controlNetworkInterface: NetworkInterfaceSchema,
  streamingNetworkInterface: NetworkInterfaceSchema,
  dnsDiscovery: DnsDiscoverySettingsSchema,
  noiseGate: NoiseGateSchema,
  output: OutputSettingsSchema,
});
export type StationConfiguration = z.infer<typeof StationConfigurationSchema>;

/** PUT /stations/{serialNumber}/configuration: any part of the station configuration. */
export const UpdateStationConfigurationSchema = z
  .object({
    dnsDiscovery: DnsDiscoverySettingsSchema,
    noiseGate: NoiseGateSchema,
    output: OutputSettingsSchema,
  })
  .partial();
export type UpdateStationConfiguration = z.infer<typeof UpdateStationConfigurationSchema>;

export const AudioEncoderSchema = z.object({
  channelMode: ChannelModeSchema,
  inputConnector: InputConnectorSchema,
  digitalInputType: DigitalInputTypeSchema,
  analogInputLevel: AnalogInputLevelSchema,
  /** With gain the maximum analog input level is +3 dBu, without +18 dBu. */
  analogGain: z.boolean(),
  latencyMode: LatencyModeSchema,
  /** Used when latencyMode is Manual; 20 to 1000 ms. */
  latencyMs: z.number().int().min(20).max(1000),
});
export type AudioEncoder = z.infer<typeof AudioEncoderSchema>;

export const InputInterfaceSchema = z.object({ index: z.number().int().min(0), label: z.string() });
export type InputInterface = z.infer<typeof InputInterfaceSchema>;

/** A valid left/right pair of input interface indexes; right is null for a mono channel. */
export const InputInterfaceCombinationSchema = z.object({
  left: z.number().int().min(0),
  right: z.number().int().min(0).nullable(),
});
export type InputInterfaceCombination = z.infer<typeof InputInterfaceCombinationSchema>;

export const OutputSourceSchema = z.object({ index: z.number().int().min(0), label: z.string() });
export type OutputSource = z.infer<typeof OutputSourceSchema>;

export const StationStateSchema = z.object({
  audioMode: z.object({ useCaseMode: UseCaseModeSchema }),
  audioEncoder: AudioEncoderSchema,
  inputInterfaces: z.array(InputInterfaceSchema),
  inputInterfaceCombinations: z.array(InputInterfaceCombinationSchema),
  outputSources: z.array(OutputSourceSchema),
  /** The live interface values as the station reports them (DHCP address, link state). */
  controlNetworkInterface: NetworkInterfaceSchema,
  streamingNetworkInterface: NetworkInterfaceSchema,
});
export type StationState = z.infer<typeof StationStateSchema>;

export const DeviceStateSchema = z.object({
  computedState: ComputedStateSchema,
  /** False while a newly seen station is still getting ready: it cannot be authorized yet. */
  isReady: z.boolean(),
  /** True while an UpdateAudioMode call is in progress. */
  isChangingMode: z.boolean(),
});
export type DeviceState = z.infer<typeof DeviceStateSchema>;

export const FunctionalitiesSchema = z.object({
  /** False on firmware that cannot reboot on request. */
  canReboot: z.boolean(),
  /** v2 stations only. */
  hasAudienceMic: z.boolean(),
});
export type Functionalities = z.infer<typeof FunctionalitiesSchema>;

export const AuthorizationSchema = z.object({
  /** The fingerprint the Manager last saw; Accept must send it back. */
  fingerprint: z.string(),
  isAuthorized: z.boolean(),
  isRejected: z.boolean(),
});
export type Authorization = z.infer<typeof AuthorizationSchema>;

// ---------------------------------------------------------------------------------------------
// Channels
// ---------------------------------------------------------------------------------------------

export const AccessOptionsSchema = z.object({
  listId: z.string(),
  singleChannelListId: z.string(),
});
export type AccessOptions = z.infer<typeof AccessOptionsSchema>;

export const ChannelSchema = z.object({
  id: z.string(),
  /** 1-based position of the channel on its station. */
  index: z.number().int().min(1),
  name: z.string(),
  stationSerialNumber: z.string(),
  inputInterfaceLeft: z.number().int().min(0).nullable(),
  inputInterfaceRight: z.number().int().min(0).nullable(),
  /** Six digits, or null when the channel has no PIN. */
  pinCode: z.string().nullable(),
  /** Audience mic enabled. */
  uplinkEnabled: z.boolean(),
  /** The output source (station state outputSources index) the audience mic is heard on. */
  uplinkOutputIndex: z.number().int().min(0).nullable(),
  accessOptions: AccessOptionsSchema,
  /** Position of the channel in the listening app, from 1. */
  sortId: z.number().int().min(1),
  /** The public channel ID listeners type in the app. */
  channelId: z.string(),
  group: z.string().nullable(),
  isHidden: z.boolean(),
  isEnabled: z.boolean(),
  /** The current speaker is muted. */
  speakerMuted: z.boolean(),
  /** The audience mic is open (the moderation update sends its inverse as uplinkMuted). */
  uplinkUnmuted: z.boolean(),
  isQueueEnabled: z.boolean(),
  speakersWaiting: z.number().int().min(0),
  listenerCount: z.number().int().min(0),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const StationSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  /** Null when never named: show the serial number. */
  name: z.string().nullable(),
  model: z.string(),
  type: StationTypeSchema,
  deviceState: DeviceStateSchema,
  functionalities: FunctionalitiesSchema,
  authorization: AuthorizationSchema,
  controlMacAddress: z.string(),
  streamingMacAddress: z.string(),
  currentFirmwareVersion: z.string(),
  latestFirmwareVersion: z.string().nullable(),
  configuration: StationConfigurationSchema,
  state: StationStateSchema,
  audioChannels: z.array(ChannelSchema),
});
export type Station = z.infer<typeof StationSchema>;

export const stationSortKeys = ["name", "status", "firmwareVersion", "ip", "channelsInUse"] as const;
export const StationSortKeySchema = z.enum(stationSortKeys);
export type StationSortKey = z.infer<typeof StationSortKeySchema>;
export const SortDirectionSchema = z.enum(["asc", "desc"]);
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/** GET /stations query. search matches name or serial number, case-insensitively. */
export const StationListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).optional(),
  take: z.coerce.number().int().min(1).max(1000).optional(),
  search: z.string().max(200).optional(),
  sortBy: StationSortKeySchema.optional(),
  sortDirection: SortDirectionSchema.optional(),
});
export type StationListQuery = z.infer<typeof StationListQuerySchema>;

export const StationListSchema = z.object({
  stations: z.array(StationSchema),
  /** Stations matching the query, rejected ones excluded (for paging). */
  visibleStationsCount: z.number().int().min(0),
  rejectedStationsCount: z.number().int().min(0),
});
export type StationList = z.infer<typeof StationListSchema>;

export const UpdateNameSchema = z.object({ name: z.string().trim().min(1).max(64) });
export const UpdateAudioModeSchema = z.object({ useCaseMode: UseCaseModeSchema });
export const UpdateAudioEncoderSchema = AudioEncoderSchema;
export const RestoreFactorySettingsSchema = z.object({
  options: z.object({ keepNetworkSettings: z.boolean() }),
});
export const AcceptStationSchema = z.object({ fingerprint: z.string().min(1) });

/** PUT /stations/{serialNumber}/UpdateAudioChannel */
export const UpdateAudioChannelSchema = z.object({
  index: z.number().int().min(1),
  name: z.string().trim().min(1).max(64),
  group: z.string().trim().max(64).nullable(),
  isHidden: z.boolean(),
  isEnabled: z.boolean(),
  uplinkEnabled: z.boolean(),
  uplinkOutputIndex: z.number().int().min(0).nullable(),
  inputInterfaceLeft: z.number().int().min(0).nullable(),
  inputInterfaceRight: z.number().int().min(0).nullable(),
  /** New channel ID and list IDs (new QR code); listeners must rejoin. */
  regenerateAccess: z.boolean(),
});
export type UpdateAudioChannel = z.infer<typeof UpdateAudioChannelSchema>;

/** POST …/pinCode: six digits, or "" to remove the PIN. */
export const UpdatePinCodeSchema = z.object({ pin: z.union([z.literal(""), z.string().regex(/^\d{6}$/)]) });
export const TestToneSchema = z.object({ playing: z.boolean() });
export const TestToneStateSchema = z.object({ playing: z.boolean() });

export const ChannelListSchema = z.array(ChannelSchema);

// ---------------------------------------------------------------------------------------------
// Typed errors (RFC 9457 problem details)
// ---------------------------------------------------------------------------------------------

export const ProblemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  /** For typed errors a JSON text, e.g. {"currentFingerprint":"…"} or {"status":"noInternet"}. */
  detail: z.string().optional(),
  /** Field errors of a 400, keyed by the body's field path (dots for nesting). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

export const problemTypes = {
  validation: "error:validation",
  fingerprintMismatch: "error:fingerprint-mismatch",
  stationNotReady: "error:station-not-ready",
  stationNotEditable: "error:station-not-editable",
  noInternet: "error:no-internet",
  notFound: "error:not-found",
  unauthorized: "error:unauthorized",
  forbidden: "error:forbidden",
  conflict: "error:conflict",
  serverError: "error:server",
} as const;

export const FingerprintMismatchDetailSchema = z.object({ currentFingerprint: z.string() });
export const NoInternetDetailSchema = z.object({ status: z.literal("noInternet") });

// ---------------------------------------------------------------------------------------------
// App view
// ---------------------------------------------------------------------------------------------

export const AppViewStationSchema = z.object({
  serialNumber: z.string(),
  name: z.string().nullable(),
  type: StationTypeSchema,
  computedState: ComputedStateSchema,
  useCaseMode: UseCaseModeSchema,
  channels: z.array(ChannelSchema),
});
export type AppViewStation = z.infer<typeof AppViewStationSchema>;

/** GET /appview: the stations keyed by serial number. */
export const AppViewSchema = z.object({ stations: z.record(z.string(), AppViewStationSchema) });
export type AppView = z.infer<typeof AppViewSchema>;

/** PUT /appview/UpdateChannelOrder: channel id → position from 1 (every channel, no gaps). */
export const UpdateChannelOrderSchema = z.object({
  channelOrder: z.record(z.string(), z.number().int().min(1)),
});
export type UpdateChannelOrder = z.infer<typeof UpdateChannelOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Moderation
// ---------------------------------------------------------------------------------------------

export const SpeakerSchema = z.object({
  /** Stable index of the listener in this channel's queue. */
  index: z.number().int().min(0),
  displayName: z.string(),
  isSpeaking: z.boolean(),
  isMuted: z.boolean(),
  requestedAt: isoDateTime,
});
export type Speaker = z.infer<typeof SpeakerSchema>;

export const ModerationChannelSchema = ChannelSchema.extend({
  stationName: z.string().nullable(),
  /** The speaker first, then the waiting listeners in queue order. */
  speakers: z.array(SpeakerSchema),
});
export type ModerationChannel = z.infer<typeof ModerationChannelSchema>;
export const ModerationListSchema = z.array(ModerationChannelSchema);

/** PUT /moderation/{channelId}/UpdateChannelDetails */
export const UpdateModerationChannelSchema = z.object({
  name: z.string().trim().min(1).max(64),
  /** "" when the channel has no PIN. */
  pinCode: z.union([z.literal(""), z.string().regex(/^\d{6}$/)]),
  uplinkEnabled: z.boolean(),
  uplinkMuted: z.boolean(),
  isQueueEnabled: z.boolean(),
});
export type UpdateModerationChannel = z.infer<typeof UpdateModerationChannelSchema>;

export const NextSpeakerSchema = z.object({ singleChannelListId: z.string().min(1) });
export const MuteSpeakerSchema = z.object({
  singleChannelListId: z.string().min(1),
  index: z.number().int().min(0),
  muteSpeaker: z.boolean(),
});
export const ClearSpeakersSchema = z.object({ singleChannelListId: z.string().min(1) });

// ---------------------------------------------------------------------------------------------
// Statistics and system events
// ---------------------------------------------------------------------------------------------

export const ConnectedStationCountSchema = z.object({ connectedStationCount: z.number().int().min(0) });
export const AudioChannelCountSchema = z.object({ audioChannelCount: z.number().int().min(0) });
/** What the statistics hub pushes. */
export const StatisticsSchema = ConnectedStationCountSchema.extend(AudioChannelCountSchema.shape);
export type Statistics = z.infer<typeof StatisticsSchema>;

export const SystemEventSchema = z.object({
  id: z.string(),
  date: isoDateTime,
  type: SystemEventTypeSchema,
  /** A message code the console translates (systemEvents.codes.<code>), with its parameters. */
  code: z.string(),
  parameters: z.record(z.string(), z.string()),
  stationSerialNumber: z.string().nullable(),
  isDismissable: z.boolean(),
  isDismissed: z.boolean(),
});
export type SystemEvent = z.infer<typeof SystemEventSchema>;

/** GET /systemEvents query: newest first; dismissed events are left out. */
export const SystemEventQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).optional(),
  take: z.coerce.number().int().min(1).max(500).optional(),
  stationSerialNumber: z.string().optional(),
});

export const SystemEventListSchema = z.object({
  systemEvents: z.array(SystemEventSchema),
  /** Events not dismissed (matching the query's station, if any). */
  totalSystemEventCount: z.number().int().min(0),
  dismissableEventCount: z.number().int().min(0),
});
export type SystemEventList = z.infer<typeof SystemEventListSchema>;

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export const SystemSettingsSchema = z.object({ dnsDiscoverySettings: DnsDiscoverySettingsSchema });
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

export const FeatureFlagSchema = z.object({ name: z.string(), enabled: z.boolean() });

export const SettingsSchema = z.object({
  accountsUrl: z.string(),
  documentationsUrl: z.string(),
  backendVersion: z.string(),
  featureFlags: z.array(FeatureFlagSchema),
  systemSettings: SystemSettingsSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

// ---------------------------------------------------------------------------------------------
// App customization
// ---------------------------------------------------------------------------------------------

export const FontColorSchema = z.enum(["light", "dark"]);
export type FontColor = z.infer<typeof FontColorSchema>;
const hexColor = z.string().regex(/^[0-9A-Fa-f]{6}$/);
/** A data: URL of a PNG (logo) or a PNG or JPEG (onboarding picture). */
const imageDataUrl = z.string().regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/);

export const OnboardingSchema = z.object({
  sortId: z.number().int().min(1).max(3),
  headline: z.string().max(60),
  text: z.string().max(130),
  picture: imageDataUrl.nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

export const WritableAppCustomizationSchema = z.object({
  isActive: z.boolean(),
  logo: z.string().regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/).nullable(),
  backgroundColor: hexColor,
  highlightColor: hexColor,
  fontColor: FontColorSchema,
  onboardings: z.array(OnboardingSchema).max(3),
});
export type WritableAppCustomization = z.infer<typeof WritableAppCustomizationSchema>;

export const AppCustomizationSchema = WritableAppCustomizationSchema.extend({ id: z.string() });
export type AppCustomization = z.infer<typeof AppCustomizationSchema>;

// ---------------------------------------------------------------------------------------------
// API tokens
// ---------------------------------------------------------------------------------------------

export const tokenNameMaxLength = 50;

export const TokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(TokenScopeSchema),
  expirationDate: isoDateTime,
  createdAt: isoDateTime,
});
export type Token = z.infer<typeof TokenSchema>;
export const TokenListSchema = z.array(TokenSchema);

export const CreateTokenSchema = z.object({
  name: z.string().trim().min(1).max(tokenNameMaxLength),
  expiryInDays: z.number().int().min(1).max(2000),
  scopes: z.array(TokenScopeSchema).min(1),
});
export type CreateToken = z.infer<typeof CreateTokenSchema>;

/** The create answer: the only time the access token is ever sent. */
export const CreatedTokenSchema = TokenSchema.extend({ accessToken: z.string() });
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;

// ---------------------------------------------------------------------------------------------
// Firmware (updater API)
// ---------------------------------------------------------------------------------------------

export const FirmwareInfoSchema = z.object({
  serialNumber: z.string(),
  stationType: StationTypeSchema,
  currentVersion: z.string(),
  status: UpdateStatusSchema,
  /** The version being installed while an update runs. */
  targetVersion: z.string().nullable(),
  /** Download/apply progress 0 to 100 while updating, else null. */
  progress: z.number().min(0).max(100).nullable(),
});
export type FirmwareInfo = z.infer<typeof FirmwareInfoSchema>;

/** GET /updater/api/v1.0/firmware[?serialNumber=] */
export const FirmwareInfoListSchema = z.object({ firmwareInfos: z.array(FirmwareInfoSchema) });

export const AvailableFirmwareSchema = z.object({
  id: z.string(),
  stationType: StationTypeSchema,
  /** Dotted, up to four numeric parts. */
  version: z.string().regex(/^\d+(\.\d+){0,3}$/),
  releaseDate: isoDateTime,
  releaseNotesUrl: z.string(),
  eulaUrl: z.string(),
});
export type AvailableFirmware = z.infer<typeof AvailableFirmwareSchema>;

export const UpdateMetadataSchema = z.object({
  /** Available firmware keyed by station type ("1", "2"). */
  updateMetadata: z.record(z.string(), z.array(AvailableFirmwareSchema)),
  lastFirmwareUpdateCheckTime: isoDateTime.nullable(),
});
export type UpdateMetadata = z.infer<typeof UpdateMetadataSchema>;

/** PUT /updater/api/v1.0/firmware/{serialNumber}/Update/{firmwareId} */
export const StartFirmwareUpdateSchema = z.object({ eulaAccepted: z.literal(true) });
