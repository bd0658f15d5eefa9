import { describe, expect, it } from "vitest";
import {
  expiryDaysFor,
  expiryPresetFor,
  isTokenExpired,
  isTokenExpiryPresetKey,
  isValidExpiryDays,
  tokenRemoval,
} from "~/domain/tokens";

describe("API token expiry", () => {
  const today = new Date("2026-11-22T15:00:00Z");

  it("is expired only when the expiration date is before today, by date", () => {
    expect(isTokenExpired("2026-11-21T23:59:59Z", today, "UTC")).toBe(true);
    expect(isTokenExpired("2026-11-22T00:00:01Z", today, "UTC")).toBe(false);
    expect(isTokenExpired("2026-11-22T14:00:00Z", today, "UTC")).toBe(false);
    expect(isTokenExpired("2027-01-01T00:00:00Z", today, "UTC")).toBe(false);
  });

  it("compares the dates of the console's time zone, the ones the tokens page shows", () => {
    // 23:30 UTC on the 21st is already the 22nd in Berlin, still the 21st in New York.
    expect(isTokenExpired("2026-11-21T23:30:00Z", today, "Europe/Berlin")).toBe(false);
    expect(isTokenExpired("2026-11-21T23:30:00Z", today, "America/New_York")).toBe(true);
  });

  it("names the preset of a number of days", () => {
    expect(expiryPresetFor(7)).toBe("oneWeek");
    expect(expiryPresetFor(365)).toBe("oneYear");
    expect(expiryPresetFor(12)).toBe("custom");
  });

  it("takes the preset's days, or the typed days for a custom expiry", () => {
    expect(expiryDaysFor("oneWeek", 99)).toBe(7);
    expect(expiryDaysFor("twoWeeks", undefined)).toBe(14);
    expect(expiryDaysFor("sixMonths", undefined)).toBe(180);
    expect(expiryDaysFor("custom", 45)).toBe(45);
    expect(expiryDaysFor("custom", undefined)).toBeUndefined();
    expect(isTokenExpiryPresetKey("oneYear")).toBe(true);
    expect(isTokenExpiryPresetKey("tenYears")).toBe(false);
  });

  it("allows 1 to 2000 whole days", () => {
    expect(isValidExpiryDays(1)).toBe(true);
    expect(isValidExpiryDays(2000)).toBe(true);
    expect(isValidExpiryDays(0)).toBe(false);
    expect(isValidExpiryDays(2001)).toBe(false);
    expect(isValidExpiryDays(1.5)).toBe(false);
    expect(isValidExpiryDays(undefined)).toBe(false);
  });

  it("offers revoking a valid token and only deleting an expired one", () => {
    expect(tokenRemoval("2026-11-21T10:00:00Z", today)).toBe("delete");
    expect(tokenRemoval("2026-11-22T01:00:00Z", today)).toBe("revoke");
  });
});
