// The moderation channel settings form (operations.md §5): name required, PIN exactly 6 digits
// or empty (no PIN), audience mic enabled and muted, queue enabled. Messages are locale keys.
import * as z from "zod";
import { pinLength } from "~/domain/pin";
import { channelNameMaxLength } from "./channel-settings-limits";

export const channelSettingsSchema = z.object({
  name: z
    .string({ error: "moderation:validation.nameRequired" })
    .trim()
    .min(1, { error: "moderation:validation.nameRequired" })
    .max(channelNameMaxLength, { error: "moderation:validation.nameTooLong" }),
  pinCode: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${pinLength}}$`), { error: "moderation:validation.pinInvalid" })
    .optional(),
  uplinkEnabled: z.boolean().default(false),
  uplinkMuted: z.boolean().default(false),
  isQueueEnabled: z.boolean().default(false),
});

export type ChannelSettingsValues = z.infer<typeof channelSettingsSchema>;
