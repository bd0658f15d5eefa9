// The moderation channel settings form (operations.md §5): name required (a visible character,
// only text), PIN exactly 6 digits or empty (no PIN), audience mic enabled and muted, queue
// enabled. Messages are locale keys.
import * as z from "zod";
import { requiredText, text } from "~/domain/form-fields";
import { pinLength } from "~/domain/pin";
import { channelNameMaxLength } from "./channel-settings-limits";

export const channelSettingsSchema = z.object({
  name: requiredText({
    required: "moderation:validation.nameRequired",
    maxLength: channelNameMaxLength,
    tooLong: "moderation:validation.nameTooLong",
  }),
  pinCode: text()
    .regex(new RegExp(`^\\d{${pinLength}}$`), { error: "moderation:validation.pinInvalid" })
    .optional(),
  uplinkEnabled: z.boolean().default(false),
  uplinkMuted: z.boolean().default(false),
  isQueueEnabled: z.boolean().default(false),
});

export type ChannelSettingsValues = z.infer<typeof channelSettingsSchema>;
