import { describe, expect, it } from "vitest";
import {
  genericConnectorNumber,
  inputChoices,
  inputPairValue,
  isLatencyRisky,
  isNoiseGateRisky,
  maximumAnalogInputLevelDbu,
  parseInputPair,
} from "~/domain/audio";

describe("audio settings warnings", () => {
  it("warns of dropouts below 150 ms latency", () => {
    expect(isLatencyRisky(149)).toBe(true);
    expect(isLatencyRisky(150)).toBe(false);
  });

  it("warns about a noise gate above −40 dB only while the audience mic is used", () => {
    expect(isNoiseGateRisky(-30, true)).toBe(true);
    expect(isNoiseGateRisky(-40, true)).toBe(false);
    expect(isNoiseGateRisky(-30, false)).toBe(false);
  });

  it("gives the maximum analog input level with and without gain", () => {
    expect(maximumAnalogInputLevelDbu(true)).toBe(3);
    expect(maximumAnalogInputLevelDbu(false)).toBe(18);
  });
});

describe("a channel's audio input", () => {
  const state = {
    inputInterfaces: [0, 1, 2, 3].map((index) => ({ index, label: `Input ${index + 1}` })),
    inputInterfaceCombinations: [
      { left: 0, right: null },
      { left: 1, right: null },
      { left: 2, right: null },
      { left: 3, right: null },
      { left: 0, right: 1 },
      { left: 2, right: 3 },
    ],
  };

  it("offers only the valid combinations of the channel mode", () => {
    expect(inputChoices(state, "Mono").map((choice) => choice.value)).toEqual(["0", "1", "2", "3"]);
    expect(inputChoices(state, "Stereo").map((choice) => [choice.value, choice.leftLabel, choice.rightLabel])).toEqual([
      ["0+1", "Input 1", "Input 2"],
      ["2+3", "Input 3", "Input 4"],
    ]);
  });

  it("writes and reads a pair as a form value", () => {
    expect(inputPairValue({ left: 2, right: null })).toBe("2");
    expect(inputPairValue({ left: 0, right: 1 })).toBe("0+1");
    expect(inputPairValue({ left: null, right: null })).toBe("");
    expect(parseInputPair("0+1")).toEqual({ left: 0, right: 1 });
    expect(parseInputPair("3")).toEqual({ left: 3, right: null });
    expect(parseInputPair("x")).toBeNull();
    expect(parseInputPair("")).toBeNull();
  });
});

describe("connector names", () => {
  it("recognizes the Manager's generic names, and leaves given names alone", () => {
    expect(genericConnectorNumber("Input 3", "Input")).toBe(3);
    expect(genericConnectorNumber("Output 12", "Output")).toBe(12);
    expect(genericConnectorNumber("Lectern XLR", "Input")).toBeNull();
    expect(genericConnectorNumber("Output 1", "Input")).toBeNull();
  });
});
