// The Manager's enumerations: station types and states, network, audio and streaming modes.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { roles, tokenScopes } from "./values";

export {
  roles,
  stationTypes,
  systemEventTypes,
  tokenScopes,
  updateStatus,
  updateStatuses,
  useCaseModes,
} from "./values";
export type { UpdateStatusName } from "./values";

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

export const UpdateStatusSchema = z.number().int().min(0).max(15);

export const SystemEventTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type SystemEventType = z.infer<typeof SystemEventTypeSchema>;

export const ChangeActionSchema = z.enum(["Add", "Update", "Remove"]);
export type ChangeAction = z.infer<typeof ChangeActionSchema>;

export const RoleSchema = z.enum(roles);
export type Role = z.infer<typeof RoleSchema>;

export const TokenScopeSchema = z.enum(tokenScopes);
export type TokenScope = z.infer<typeof TokenScopeSchema>;

/** A date and time with its offset, as the Manager writes them. */
export const isoDateTime = z.string().datetime({ offset: true });
