// The listening app's view: the stations and the order of their channels.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { ChannelSchema } from "./channels";
import { ComputedStateSchema, StationTypeSchema, UseCaseModeSchema } from "./enums";

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
