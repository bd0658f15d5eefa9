import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  audioSettingsSchema,
  firmwareUpdateSchema,
  noiseGateSchema,
  outputSettingsSchema,
  renameStationSchema,
  toAudioEncoder,
} from "~/domain/station-forms";
import { fieldErrors as errorsOf, formData as form } from "../../tests/support/form-data";

describe("renaming a station", () => {
  it("requires a name, trimmed", () => {
    expect(errorsOf(parseWithZod(form({ name: "" }), { schema: renameStationSchema }))).toEqual({
      name: ["stations:validation.nameRequired"],
    });
    expect(errorsOf(parseWithZod(form({ name: "   " }), { schema: renameStationSchema }))).toEqual({
      name: ["stations:validation.nameRequired"],
    });
    const submission = parseWithZod(form({ name: "  Main Hall " }), { schema: renameStationSchema });
    expect(submission.status === "success" && submission.value).toEqual({ name: "Main Hall" });
  });

  it("counts only visible characters as a name, and takes only text", () => {
    for (const name of ["\u200B", " \u200B\u200D ", "\u3164", "\uFEFF"]) {
      expect(errorsOf(parseWithZod(form({ name }), { schema: renameStationSchema })), JSON.stringify(name)).toEqual({
        name: ["stations:validation.nameRequired"],
      });
    }
    for (const name of ["Main\u200BHall", "Hall \u202Eevil", "Hall\u0000", "Main\tHall"]) {
      expect(errorsOf(parseWithZod(form({ name }), { schema: renameStationSchema })), JSON.stringify(name)).toEqual({
        name: ["common:validation.hiddenCharacters"],
      });
    }
  });

  it("allows at most 64 characters", () => {
    expect(errorsOf(parseWithZod(form({ name: "x".repeat(65) }), { schema: renameStationSchema }))).toEqual({
      name: ["stations:validation.nameTooLong"],
    });
  });
});

describe("audio settings", () => {
  const valid = {
    channelMode: "Stereo",
    inputConnector: "Digital",
    digitalInputType: "Optical",
    analogInputLevel: "LoGain",
    latencyMode: "Manual",
    latencyMs: "120",
  };

  it("reads checkboxes and numbers", () => {
    const submission = parseWithZod(form({ ...valid, analogGain: "on" }), { schema: audioSettingsSchema });
    expect(submission.status === "success" && submission.value).toEqual({ ...valid, analogGain: true, latencyMs: 120 });
    const withoutGain = parseWithZod(form(valid), { schema: audioSettingsSchema });
    expect(withoutGain.status === "success" && withoutGain.value.analogGain).toBe(false);
  });

  it("needs a manual latency of 20 to 1000 ms, and keeps the stored one when optimised", () => {
    expect(errorsOf(parseWithZod(form({ ...valid, latencyMs: "" }), { schema: audioSettingsSchema }))).toEqual({
      latencyMs: ["stations:validation.latencyRequired"],
    });
    expect(errorsOf(parseWithZod(form({ ...valid, latencyMs: "5" }), { schema: audioSettingsSchema }))).toEqual({
      latencyMs: ["stations:validation.latencyInvalid"],
    });
    expect(errorsOf(parseWithZod(form({ ...valid, latencyMs: "abc" }), { schema: audioSettingsSchema }))).toEqual({
      latencyMs: ["stations:validation.latencyInvalid"],
    });
    const optimised = parseWithZod(form({ ...valid, latencyMode: "Optimised", latencyMs: "" }), {
      schema: audioSettingsSchema,
    });
    expect(optimised.status).toBe("success");
    if (optimised.status === "success") expect(toAudioEncoder(optimised.value, { latencyMs: 180 }).latencyMs).toBe(180);
  });

  it("rejects values outside the choices", () => {
    expect(
      errorsOf(parseWithZod(form({ ...valid, channelMode: "Surround" }), { schema: audioSettingsSchema })),
    ).toEqual({
      channelMode: ["stations:validation.chooseOne"],
    });
  });
});

describe("noise gate and output", () => {
  it("takes a whole dB threshold from −90 to 0", () => {
    expect(parseWithZod(form({ thresholdDb: "-45" }), { schema: noiseGateSchema }).status).toBe("success");
    for (const thresholdDb of ["", "5", "-91", "-4.5"]) {
      expect(errorsOf(parseWithZod(form({ thresholdDb }), { schema: noiseGateSchema }))).toEqual({
        thresholdDb: ["stations:validation.noiseGateInvalid"],
      });
    }
  });

  it("takes an output level and a gain from −12 to +12 dB", () => {
    expect(parseWithZod(form({ level: "Minus10dBV", gainDb: "6" }), { schema: outputSettingsSchema }).status).toBe(
      "success",
    );
    expect(errorsOf(parseWithZod(form({ level: "Plus4dBu", gainDb: "13" }), { schema: outputSettingsSchema }))).toEqual(
      {
        gainDb: ["stations:validation.outputGainInvalid"],
      },
    );
  });
});

describe("starting a firmware update", () => {
  const schema = firmwareUpdateSchema(["mcs-200-6.10.0", "mcs-200-6.9.0"]);

  it("needs a version and the EULA accepted", () => {
    expect(errorsOf(parseWithZod(form({}), { schema }))).toEqual({
      firmwareId: ["stations:validation.firmwareVersionRequired"],
      eulaAccepted: ["stations:validation.eulaRequired"],
    });
    const submission = parseWithZod(form({ firmwareId: "mcs-200-6.10.0", eulaAccepted: "on" }), { schema });
    expect(submission.status === "success" && submission.value).toEqual({
      firmwareId: "mcs-200-6.10.0",
      eulaAccepted: true,
    });
  });

  it("takes only a version the form offers", () => {
    expect(errorsOf(parseWithZod(form({ firmwareId: "mcs-200-9.9.9", eulaAccepted: "on" }), { schema }))).toEqual({
      firmwareId: ["stations:validation.firmwareVersionInvalid"],
    });
  });
});
