// The parts of a station: its network interfaces, configuration, audio encoder, state and
// authorization, and the bodies that change them.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import {
  AnalogInputLevelSchema,
  ChannelModeSchema,
  ComputedStateSchema,
  ConfigurationTypeSchema,
  DigitalInputTypeSchema,
  InputConnectorSchema,
  LatencyModeSchema,
  LinkStateSchema,
  NetworkInterfaceTypeSchema,
  OutputLevelSchema,
  UseCaseModeSchema,
} from "./enums";

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
