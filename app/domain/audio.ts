// Audio settings rules (operations.md §5, §9).
export const latencyWarningBelowMs = 150;
export const noiseGateWarningAboveDb = -40;

export function isLatencyRisky(latencyMs: number) {
  return latencyMs < latencyWarningBelowMs;
}

/** Only matters while the audience mic is in use. */
export function isNoiseGateRisky(thresholdDb: number, audienceMicInUse: boolean) {
  return audienceMicInUse && thresholdDb > noiseGateWarningAboveDb;
}

/** Analog maximum input level: +3 dBu with gain, +18 dBu without. */
export function maximumAnalogInputLevelDbu(withGain: boolean) {
  return withGain ? 3 : 18;
}
