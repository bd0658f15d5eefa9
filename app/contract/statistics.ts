// Statistics and system events.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { isoDateTime, SystemEventTypeSchema } from "./enums";

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
