// Firmware (the updater API).
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { isoDateTime, StationTypeSchema, UpdateStatusSchema } from "./enums";

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
