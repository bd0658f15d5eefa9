// Dates and times in the user's language: the same text every time, whichever language asked
// before, as a fresh formatter of that language writes it.
import { describe, expect, it } from "vitest";
import { consoleTimeZone } from "~/domain/time-zone";
import { formatDate, formatDateTime, formatDateTimeWithSeconds, formatTime } from "~/utils/dates";

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

  it("are in the console's time zone unless told another, the same zone on every screen", () => {
    expect(formatDateTime(iso, "en")).toBe(
      new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: consoleTimeZone() }).format(
        new Date(iso),
      ),
    );
    expect(formatDateTimeWithSeconds(iso, "en-GB", "Europe/Berlin")).toBe("24 Nov 2026, 16:04:00");
    expect(formatDateTimeWithSeconds(iso, "de", "America/New_York")).toBe("24.11.2026, 10:04:00");
    expect(formatTime(iso, "en-GB", "UTC")).toBe("15:04");
    // Late in the evening in New York is already the next day in Berlin.
    expect(formatDate("2026-11-24T23:30:00.000Z", "en-GB", "America/New_York")).toBe("24 Nov 2026");
    expect(formatDate("2026-11-24T23:30:00.000Z", "en-GB", "Europe/Berlin")).toBe("25 Nov 2026");
  });
});
