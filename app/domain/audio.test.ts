import { describe, expect, it } from "vitest";
import { isLatencyRisky, isNoiseGateRisky, maximumAnalogInputLevelDbu } from "~/domain/audio";

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
