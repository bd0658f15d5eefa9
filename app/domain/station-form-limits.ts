// The limits the station forms check and show (hints, number inputs), without zod: the browser
// renders them before the schemas in station-forms.ts are loaded.
export const nameMaxLength = 64;
export const latencyRangeMs = { min: 20, max: 1000 } as const;
export const noiseGateRangeDb = { min: -90, max: 0 } as const;
export const outputGainRangeDb = { min: -12, max: 12 } as const;
