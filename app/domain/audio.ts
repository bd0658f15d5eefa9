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

// ---------------------------------------------------------------------------------------------
// A channel's audio input (operations.md §5): a source is required and the left/right pair must
// be one of the station's valid combinations for its channel mode (mono: left only).
// ---------------------------------------------------------------------------------------------

export interface InputPair {
  left: number;
  right: number | null;
}

/** The form value of a pair: "2" for mono input 2, "0+1" for left 0 and right 1. */
export function inputPairValue(pair: { left: number | null; right: number | null }): string {
  if (pair.left === null) return "";
  return pair.right === null ? String(pair.left) : `${pair.left}+${pair.right}`;
}

export function parseInputPair(value: string): InputPair | null {
  const match = /^(\d+)(?:\+(\d+))?$/.exec(value);
  return match ? { left: Number(match[1]), right: match[2] === undefined ? null : Number(match[2]) } : null;
}

export interface InputChoice extends InputPair {
  value: string;
  leftLabel: string;
  rightLabel: string | null;
}

/** The valid left/right combinations for the channel mode, labelled with the station's input names. */
export function inputChoices(
  state: {
    inputInterfaces: readonly { index: number; label: string }[];
    inputInterfaceCombinations: readonly { left: number; right: number | null }[];
  },
  channelMode: "Mono" | "Stereo",
): InputChoice[] {
  const label = (index: number) =>
    state.inputInterfaces.find((input) => input.index === index)?.label ?? String(index + 1);
  return state.inputInterfaceCombinations
    .filter((pair) => (channelMode === "Mono") === (pair.right === null))
    .map((pair) => ({
      ...pair,
      value: inputPairValue(pair),
      leftLabel: label(pair.left),
      rightLabel: pair.right === null ? null : label(pair.right),
    }));
}

/**
 * The number in a connector name the Manager made up ("Input 3", "Output 1"), so the console can
 * say it in the user's language; null for a name someone gave the connector, shown as it is.
 */
export function genericConnectorNumber(label: string, kind: "Input" | "Output"): number | null {
  const match = new RegExp(`^${kind} (\\d+)$`).exec(label.trim());
  return match ? Number(match[1]) : null;
}
