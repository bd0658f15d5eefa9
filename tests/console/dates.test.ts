// Dates and times in the user's language: the same text every time, whichever language asked
// before, as a fresh formatter of that language writes it.
import { describe, expect, it } from "vitest";
import { formatDateTime, formatTime } from "~/utils/dates";

const iso = "2026-11-24T15:04:00.000Z";

describe("formatted dates", () => {
  it("follow the language of each call, not the one before", () => {
    for (const locale of ["en", "de", "en", "de"]) {
      expect(formatTime(iso, locale)).toBe(
        new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(iso)),
      );
      expect(formatDateTime(iso, locale)).toBe(
        new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
      );
    }
    expect(formatDateTime(iso, "de")).not.toBe(formatDateTime(iso, "en"));
  });

  it("still format in a language beyond the kept formatters", () => {
    const locales = Array.from({ length: 40 }, (_, n) => (n % 2 ? "de-AT" : "en-GB") + `-u-nu-latn-x-${n}`);
    for (const locale of locales) expect(formatTime(iso, locale)).toMatch(/\d/);
    expect(formatTime(iso, "de")).toBe(new Intl.DateTimeFormat("de", { timeStyle: "short" }).format(new Date(iso)));
  });
});
