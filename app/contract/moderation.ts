// Moderation: the audience-microphone channels and their speaker queues.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { isoDateTime } from "./enums";
import { ChannelSchema } from "./channels";

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
