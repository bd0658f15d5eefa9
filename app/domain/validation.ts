// The spec's shared rule builders (administration.md §5): each returns the supplied message
// (a locale key) on failure and null when the value passes. Used by zod refinements on both the
// server and, with JavaScript, the browser.
export type Rule = (value: unknown) => string | null;

export const required =
  (message: string): Rule =>
  (value) =>
    (typeof value === "string" ? value.trim().length > 0 : Boolean(value)) ? null : message;

export const email =
  (message: string): Rule =>
  (value) => {
    if (value === undefined || value === null || value === "") return null;
    return typeof value === "string" && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value) ? null : message;
  };

export const minLength =
  (length: number, message: string): Rule =>
  (value) =>
    typeof value === "string" && value.length < length ? message : null;

export const maxLength =
  (length: number, message: string): Rule =>
  (value) =>
    typeof value === "string" && value.length > length ? message : null;

/** Four dot-separated groups of 1 to 3 digits, each 0 to 255, not all zeros. */
export function isIpv4(value: string): boolean {
  const groups = value.split(".");
  if (groups.length !== 4 || !groups.every((group) => /^\d{1,3}$/.test(group) && Number(group) <= 255)) return false;
  return !groups.every((group) => Number(group) === 0);
}

const netmaskOctets = [255, 254, 252, 248, 240, 224, 192, 128, 0];

/** Contiguous: 255 octets, then one octet from 255…0, then zeros. */
export function isNetmask(value: string): boolean {
  const groups = value.split(".");
  if (groups.length !== 4 || !groups.every((group) => /^\d{1,3}$/.test(group))) return false;
  const octets = groups.map(Number);
  let index = 0;
  while (index < 4 && octets[index] === 255) index += 1;
  if (index === 4) return true;
  if (!netmaskOctets.includes(octets[index]!)) return false;
  return octets.slice(index + 1).every((octet) => octet === 0);
}

export const ipv4 =
  (message: string): Rule =>
  (value) =>
    value === undefined || value === null || value === "" || (typeof value === "string" && isIpv4(value))
      ? null
      : message;

export const netmask =
  (message: string): Rule =>
  (value) =>
    value === undefined || value === null || value === "" || (typeof value === "string" && isNetmask(value))
      ? null
      : message;

/** Runs rules in order and answers the first message. */
export function firstFailure(value: unknown, rules: Rule[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}
