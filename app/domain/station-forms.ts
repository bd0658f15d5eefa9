// The forms of the station details (General tab): one zod schema per form, with locale keys as
// messages, used by the server (parseWithZod) and, with JavaScript, the browser. Conform turns an
// empty field into undefined, so "required" messages sit on the type.
import * as z from "zod";
import {
  AnalogInputLevelSchema,
  ChannelModeSchema,
  DigitalInputTypeSchema,
  InputConnectorSchema,
  LatencyModeSchema,
  OutputLevelSchema,
} from "~/contract/enums";
import type { AudioEncoder } from "~/contract/station-parts";
import { choiceOf, requiredText } from "~/domain/form-fields";
import { latencyRangeMs, nameMaxLength, noiseGateRangeDb, outputGainRangeDb } from "~/domain/station-form-limits";

export { latencyRangeMs, nameMaxLength, noiseGateRangeDb, outputGainRangeDb };

/** A station or channel name: required (a visible character), only text, at most 64 characters. */
export function nameField(requiredKey: string) {
  return requiredText({ required: requiredKey, maxLength: nameMaxLength, tooLong: "stations:validation.nameTooLong" });
}

export const renameStationSchema = z.object({ name: nameField("stations:validation.nameRequired") });

const chooseOne = "stations:validation.chooseOne";

export const audioSettingsSchema = z
  .object({
    channelMode: choiceOf(ChannelModeSchema.options, chooseOne),
    inputConnector: choiceOf(InputConnectorSchema.options, chooseOne),
    digitalInputType: choiceOf(DigitalInputTypeSchema.options, chooseOne),
    analogInputLevel: choiceOf(AnalogInputLevelSchema.options, chooseOne),
    analogGain: z.boolean().default(false),
    latencyMode: choiceOf(LatencyModeSchema.options, chooseOne),
    latencyMs: z
      .number({ error: "stations:validation.latencyInvalid" })
      .int({ error: "stations:validation.latencyInvalid" })
      .min(latencyRangeMs.min, { error: "stations:validation.latencyInvalid" })
      .max(latencyRangeMs.max, { error: "stations:validation.latencyInvalid" })
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.latencyMode === "Manual" && value.latencyMs === undefined) {
      context.addIssue({ code: "custom", path: ["latencyMs"], message: "stations:validation.latencyRequired" });
    }
  });
export type AudioSettingsForm = z.output<typeof audioSettingsSchema>;

/** The encoder to send: an Optimised latency keeps the last manual value for the next switch. */
export function toAudioEncoder(value: AudioSettingsForm, current: Pick<AudioEncoder, "latencyMs">): AudioEncoder {
  return {
    channelMode: value.channelMode,
    inputConnector: value.inputConnector,
    digitalInputType: value.digitalInputType,
    analogInputLevel: value.analogInputLevel,
    analogGain: value.analogGain,
    latencyMode: value.latencyMode,
    latencyMs: value.latencyMs ?? current.latencyMs,
  };
}

export const noiseGateSchema = z.object({
  thresholdDb: z
    .number({ error: "stations:validation.noiseGateInvalid" })
    .int({ error: "stations:validation.noiseGateInvalid" })
    .min(noiseGateRangeDb.min, { error: "stations:validation.noiseGateInvalid" })
    .max(noiseGateRangeDb.max, { error: "stations:validation.noiseGateInvalid" }),
});

export const outputSettingsSchema = z.object({
  level: choiceOf(OutputLevelSchema.options, chooseOne),
  gainDb: z
    .number({ error: "stations:validation.outputGainInvalid" })
    .int({ error: "stations:validation.outputGainInvalid" })
    .min(outputGainRangeDb.min, { error: "stations:validation.outputGainInvalid" })
    .max(outputGainRangeDb.max, { error: "stations:validation.outputGainInvalid" }),
});

/** A version the form offers (`offered`: their ids, installed ones left out) and the EULA accepted. */
export function firmwareUpdateSchema(offered: readonly string[]) {
  return z.object({
    firmwareId: z
      .string({ error: "stations:validation.firmwareVersionRequired" })
      .refine((id) => offered.includes(id), { error: "stations:validation.firmwareVersionInvalid" }),
    eulaAccepted: z.literal(true, { error: "stations:validation.eulaRequired" }),
  });
}
