// API token rules (administration.md §4, §5, §9).
import { calendarDayAt, consoleTimeZone, dayText } from "~/domain/time-zone";

export const tokenExpiryMinDays = 1;
export const tokenExpiryMaxDays = 2000;
export const tokenExpiryPresets = [
  { key: "oneWeek", days: 7 },
  { key: "twoWeeks", days: 14 },
  { key: "oneMonth", days: 30 },
  { key: "sixMonths", days: 180 },
  { key: "oneYear", days: 365 },
] as const;

/**
 * Expired when the expiration date is before today, compared by date (not time) — the dates of the
 * console's time zone, which the tokens page shows, so the page and the rule agree.
 */
export function isTokenExpired(
  expirationDate: string | Date,
  today: Date = new Date(),
  timeZone: string = consoleTimeZone(),
): boolean {
  return dayText(calendarDayAt(new Date(expirationDate), timeZone)) < dayText(calendarDayAt(today, timeZone));
}

/** The preset that matches a number of days, or "custom". */
export function expiryPresetFor(days: number): string {
  return tokenExpiryPresets.find((preset) => preset.days === days)?.key ?? "custom";
}

export const tokenExpiryPresetKeys = ["custom", ...tokenExpiryPresets.map((preset) => preset.key)] as const;
export type TokenExpiryPresetKey = (typeof tokenExpiryPresetKeys)[number];
/** The Add Token form starts at one month. */
export const defaultTokenExpiryPreset: TokenExpiryPresetKey = "oneMonth";

export function isTokenExpiryPresetKey(value: unknown): value is TokenExpiryPresetKey {
  return (tokenExpiryPresetKeys as readonly unknown[]).includes(value);
}

export function isValidExpiryDays(days: number | undefined): days is number {
  return days !== undefined && Number.isInteger(days) && days >= tokenExpiryMinDays && days <= tokenExpiryMaxDays;
}

/** A preset's days; "custom" uses the typed number of days. */
export function expiryDaysFor(preset: TokenExpiryPresetKey, customDays: number | undefined): number | undefined {
  if (preset === "custom") return customDays;
  return tokenExpiryPresets.find((candidate) => candidate.key === preset)!.days;
}

/** Spec: an expired token can only be deleted; a valid one is revoked. */
export function tokenRemoval(expirationDate: string | Date, today: Date = new Date()): "revoke" | "delete" {
  return isTokenExpired(expirationDate, today) ? "delete" : "revoke";
}
