// Identifiers the simulated devices and Manager hand out. Seeds pass a seeded random source so
// the default fleet is the same on every reseed (docs and e2e tests can name its values);
// everything created at run time uses Math.random.

export type Random = () => number;

/** mulberry32: tiny, fast and good enough to make a fleet look varied but reproducible. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a seed from text, for a random of its own per station that does not shift a fleet's. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export const runtimeRandom: Random = Math.random;

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function hexBytes(random: Random, count: number): string[] {
  return Array.from({ length: count }, () => randomInt(random, 0, 255).toString(16).padStart(2, "0"));
}

export function uuid(random: Random): string {
  const hex = hexBytes(random, 16);
  hex[6] = `4${hex[6]!.slice(1)}`;
  hex[8] = ((Number.parseInt(hex[8]!, 16) & 0x3f) | 0x80).toString(16);
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** A station certificate's SHA-256 fingerprint, as devices print it: 32 colon-separated bytes. */
export function fingerprint(random: Random): string {
  return hexBytes(random, 32).join(":").toUpperCase();
}

// No 0/O, 1/I/L: listeners type this code into the app.
const channelCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** The public channel ID listeners type in the app. */
export function channelCode(random: Random): string {
  return Array.from({ length: 6 }, () => pick(random, [...channelCodeAlphabet])).join("");
}

/** A MAC address in the locally administered range, so it never names a real vendor. */
export function macAddress(random: Random): string {
  return ["02", "4D", ...hexBytes(random, 4)].join(":").toUpperCase();
}
