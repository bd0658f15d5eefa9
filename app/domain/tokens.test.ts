import { describe, expect, it } from "vitest";
import { expiryPresetFor, isTokenExpired } from "~/domain/tokens";

describe("API token expiry", () => {
  const today = new Date("2026-11-22T15:00:00Z");

  it("is expired only when the expiration date is before today, by date", () => {
    expect(isTokenExpired("2026-11-21T23:59:59Z", today)).toBe(true);
    expect(isTokenExpired("2026-11-22T00:00:01Z", today)).toBe(false);
    expect(isTokenExpired("2026-11-22T14:00:00Z", today)).toBe(false);
    expect(isTokenExpired("2027-01-01T00:00:00Z", today)).toBe(false);
  });

  it("names the preset of a number of days", () => {
    expect(expiryPresetFor(7)).toBe("oneWeek");
    expect(expiryPresetFor(365)).toBe("oneYear");
    expect(expiryPresetFor(12)).toBe("custom");
  });
});
