// API token rules (administration.md §4, §5, §9).
export const tokenExpiryMinDays = 1;
export const tokenExpiryMaxDays = 2000;
export const tokenExpiryPresets = [
  { key: "oneWeek", days: 7 },
  { key: "twoWeeks", days: 14 },
  { key: "oneMonth", days: 30 },
  { key: "sixMonths", days: 180 },
  { key: "oneYear", days: 365 },
] as const;

function dayOf(date: Date) {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Expired when the expiration date is before today, compared by date (not time). */
export function isTokenExpired(expirationDate: string | Date, today: Date = new Date()): boolean {
  return dayOf(new Date(expirationDate)) < dayOf(today);
}

/** The preset that matches a number of days, or "custom". */
export function expiryPresetFor(days: number): string {
  return tokenExpiryPresets.find((preset) => preset.days === days)?.key ?? "custom";
}
