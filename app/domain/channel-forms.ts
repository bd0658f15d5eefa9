// The channel details forms (operations.md §5): name required; a valid input combination; the
// audience-mic output required while the mic is enabled; a PIN of exactly 6 digits or none.
import * as z from "zod";
import { parseInputPair } from "~/domain/audio";
import type { ChannelChoices } from "~/domain/channel-form-values";
import { optionalText } from "~/domain/form-fields";
import { isValidPin } from "~/domain/pin";
import { nameField } from "~/domain/station-forms";
import type { Channel, UpdateAudioChannel } from "~/contract/channels";

export {
  channelFormValues,
  channelOptionsOf,
  type ChannelChoices,
  type ChannelOptions,
} from "~/domain/channel-form-values";

export function channelDetailsSchema(choices: ChannelChoices) {
  return z
    .object({
      name: nameField("stations:validation.channelNameRequired"),
      isHidden: z.boolean().default(false),
      isEnabled: z.boolean().default(false),
      uplinkEnabled: z.boolean().default(false),
      uplinkOutput: z.string().optional(),
      input: z
        .string({ error: "stations:validation.inputRequired" })
        .refine((input) => choices.inputs.includes(input), { error: "stations:validation.inputInvalid" }),
    })
    .superRefine((value, context) => {
      const report = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
      if (value.uplinkEnabled && !value.uplinkOutput) report("uplinkOutput", "stations:validation.outputRequired");
      else if (value.uplinkOutput && !choices.outputs.includes(value.uplinkOutput)) {
        report("uplinkOutput", "stations:validation.outputRequired");
      }
    });
}
export type ChannelDetailsForm = z.output<ReturnType<typeof channelDetailsSchema>>;

export const pinSchema = z
  .object({
    pinEnabled: z.boolean().default(false),
    pin: optionalText(),
  })
  .superRefine((value, context) => {
    if (!value.pinEnabled) return;
    const message = !value.pin
      ? "stations:validation.pinRequired"
      : isValidPin(value.pin)
        ? null
        : "stations:validation.pinInvalid";
    if (message) context.addIssue({ code: "custom", path: ["pin"], message });
  });

/** What POST …/pinCode sends: six digits, or "" to remove the PIN. */
export function pinToSend(value: z.output<typeof pinSchema>): string {
  return value.pinEnabled ? (value.pin ?? "") : "";
}

/** The Manager's field names in UpdateAudioChannel, as the channel form names them. */
export const channelFieldNames: Record<string, string> = {
  name: "name",
  isHidden: "isHidden",
  isEnabled: "isEnabled",
  uplinkEnabled: "uplinkEnabled",
  uplinkOutputIndex: "uplinkOutput",
  inputInterfaceLeft: "input",
  inputInterfaceRight: "input",
};

/**
 * The UpdateAudioChannel body: the form's values over the channel as it is (group and access
 * stay), or the channel unchanged with new access (a new channel ID and QR code).
 */
export function toUpdateAudioChannel(
  channel: Channel,
  value: ChannelDetailsForm | null,
  options: { regenerateAccess: boolean },
): UpdateAudioChannel {
  const pair = value ? parseInputPair(value.input) : null;
  return {
    index: channel.index,
    name: value?.name ?? channel.name,
    group: channel.group,
    isHidden: value?.isHidden ?? channel.isHidden,
    isEnabled: value?.isEnabled ?? channel.isEnabled,
    uplinkEnabled: value?.uplinkEnabled ?? channel.uplinkEnabled,
    uplinkOutputIndex: value ? (value.uplinkOutput ? Number(value.uplinkOutput) : null) : channel.uplinkOutputIndex,
    inputInterfaceLeft: value ? (pair?.left ?? null) : channel.inputInterfaceLeft,
    inputInterfaceRight: value ? (pair?.right ?? null) : channel.inputInterfaceRight,
    regenerateAccess: options.regenerateAccess,
  };
}
