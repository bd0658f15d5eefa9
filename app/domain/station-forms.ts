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
import { latencyRangeMs, nameMaxLength, noiseGateRangeDb, outputGainRangeDb } from "~/domain/station-form-limits";

export { latencyRangeMs, nameMaxLength, noiseGateRangeDb, outputGainRangeDb };

/** A station or channel name: required, at most 64 characters. */
export function nameField(requiredKey: string) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(nameMaxLength, { error: "stations:validation.nameTooLong" });
}

export const renameStationSchema = z.object({ name: nameField("stations:validation.nameRequired") });

const choose = { error: "stations:validation.chooseOne" };

export const audioSettingsSchema = z
  .object({
    channelMode: z.enum(ChannelModeSchema.options, choose),
    inputConnector: z.enum(InputConnectorSchema.options, choose),
    digitalInputType: z.enum(DigitalInputTypeSchema.options, choose),
    analogInputLevel: z.enum(AnalogInputLevelSchema.options, choose),
    analogGain: z.boolean().default(false),
    latencyMode: z.enum(LatencyModeSchema.options, choose),
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
  level: z.enum(OutputLevelSchema.options, choose),
  gainDb: z
    .number({ error: "stations:validation.outputGainInvalid" })
    .int({ error: "stations:validation.outputGainInvalid" })
    .min(outputGainRangeDb.min, { error: "stations:validation.outputGainInvalid" })
    .max(outputGainRangeDb.max, { error: "stations:validation.outputGainInvalid" }),
});

export const firmwareUpdateSchema = z.object({
  firmwareId: z.string({ error: "stations:validation.firmwareVersionRequired" }),
  eulaAccepted: z.literal(true, { error: "stations:validation.eulaRequired" }),
});
