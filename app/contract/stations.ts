// A station as the Manager describes it, the stations list, and the bodies of the station's own calls.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { StationTypeSchema, UseCaseModeSchema } from "./enums";
import { stationSortKeys } from "./values";
import {
  AudioEncoderSchema,
  AuthorizationSchema,
  DeviceStateSchema,
  FunctionalitiesSchema,
  StationConfigurationSchema,
  StationStateSchema,
} from "./station-parts";
import { ChannelSchema } from "./channels";

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

export { stationSortKeys } from "./values";
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

/**
 * A station as the console's listening sampler reads it from the list and the stations hub: only
 * what listener counts need (the rest of the answer is not kept).
 */
export const StationListenersSchema = z.object({
  serialNumber: StationSchema.shape.serialNumber,
  name: StationSchema.shape.name,
  deviceState: DeviceStateSchema.pick({ computedState: true }),
  authorization: AuthorizationSchema.pick({ isAuthorized: true, isRejected: true }),
  audioChannels: z.array(ChannelSchema.pick({ index: true, name: true, listenerCount: true })),
});
export type StationListeners = z.infer<typeof StationListenersSchema>;

export const StationListenersListSchema = StationListSchema.extend({ stations: z.array(StationListenersSchema) });

/** A channel as the stations hub pushes it, as far as its listener count goes. */
export const ChannelListenersSchema = ChannelSchema.pick({
  stationSerialNumber: true,
  index: true,
  name: true,
  listenerCount: true,
});

export const UpdateNameSchema = z.object({ name: z.string().trim().min(1).max(64) });
export const UpdateAudioModeSchema = z.object({ useCaseMode: UseCaseModeSchema });
export const UpdateAudioEncoderSchema = AudioEncoderSchema;
export const RestoreFactorySettingsSchema = z.object({
  options: z.object({ keepNetworkSettings: z.boolean() }),
});
export const AcceptStationSchema = z.object({ fingerprint: z.string().min(1) });
