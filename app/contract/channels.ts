// A station's audio channels: settings, PIN, QR code, test tone.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";

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
