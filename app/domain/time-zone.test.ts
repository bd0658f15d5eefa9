import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calendarDayAt,
  dayText,
  isoWithOffset,
  nextCalendarDay,
  offsetMinutesAt,
  startOfDay,
  type CalendarDay,
} from "./time-zone";

const day = (text: string): CalendarDay => {
  const [year, month, date] = text.split("-").map(Number);
  return { year: year!, month: month!, day: date! };
};
const startOf = (text: string, zone: string) => startOfDay(day(text), zone).toISOString();

describe("a day's start in a time zone", () => {
  it("is the zone's midnight, by the offset in force that day", () => {
    expect(startOf("2026-11-26", "Europe/Berlin")).toBe("2026-11-25T23:00:00.000Z");
    expect(startOf("2026-07-01", "Europe/Berlin")).toBe("2026-06-30T22:00:00.000Z");
    expect(startOf("2026-11-26", "UTC")).toBe("2026-11-26T00:00:00.000Z");
    expect(startOf("2026-11-26", "America/New_York")).toBe("2026-11-26T05:00:00.000Z");
    expect(startOf("2026-11-26", "Asia/Kathmandu")).toBe("2026-11-25T18:15:00.000Z");
  });

  it("is right on the days the clocks change, and those days are 23 and 25 hours long", () => {
    // Berlin: summer time from 2026-03-29 02:00, back on 2026-10-25 03:00.
    expect(startOf("2026-03-29", "Europe/Berlin")).toBe("2026-03-28T23:00:00.000Z");
    expect(startOf("2026-03-30", "Europe/Berlin")).toBe("2026-03-29T22:00:00.000Z");
    expect(startOf("2026-10-25", "Europe/Berlin")).toBe("2026-10-24T22:00:00.000Z");
    expect(startOf("2026-10-26", "Europe/Berlin")).toBe("2026-10-25T23:00:00.000Z");
    const hours = (from: string, to: string, zone: string) =>
      (startOfDay(day(to), zone).getTime() - startOfDay(day(from), zone).getTime()) / 3_600_000;
    expect(hours("2026-03-29", "2026-03-30", "Europe/Berlin")).toBe(23);
    expect(hours("2026-10-25", "2026-10-26", "Europe/Berlin")).toBe(25);
    expect(hours("2026-11-01", "2026-11-02", "America/New_York")).toBe(25);
  });

  it("is the moment the clocks jump to where they skip midnight", () => {
    // Santiago de Chile moved its clocks from 24:00 to 01:00 on 2026-09-06.
    expect(startOf("2026-09-06", "America/Santiago")).toBe("2026-09-06T04:00:00.000Z");
    expect(calendarDayAt(new Date("2026-09-06T03:59:59.999Z"), "America/Santiago")).toEqual(day("2026-09-05"));
  });

  it("is, for any zone and day, a moment of that day whose previous millisecond is the day before", () => {
    const zones = [
      "UTC",
      "Europe/Berlin",
      "Europe/London",
      "America/New_York",
      "America/Santiago",
      "America/Sao_Paulo",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "Pacific/Kiritimati",
      "Asia/Kathmandu",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: new Date("2000-01-02T00:00:00Z"), max: new Date("2999-12-30T00:00:00Z"), noInvalidDate: true }),
        (zone, moment) => {
          const wanted = calendarDayAt(moment, zone);
          const start = startOfDay(wanted, zone).getTime();
          expect(calendarDayAt(start, zone)).toEqual(wanted);
          expect(calendarDayAt(start - 1, zone)).not.toEqual(wanted);
          expect(start).toBeLessThanOrEqual(moment.getTime());
          expect(startOfDay(nextCalendarDay(wanted), zone).getTime()).toBeGreaterThan(moment.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the calendar", () => {
  it("turns months and years", () => {
    expect(dayText(nextCalendarDay(day("2028-02-28")))).toBe("2028-02-29");
    expect(dayText(nextCalendarDay(day("2026-12-31")))).toBe("2027-01-01");
  });
});

describe("a time with its offset", () => {
  it("is ISO 8601 with the zone's offset at that moment", () => {
    expect(isoWithOffset("2026-11-26T10:00:00.000Z", "Europe/Berlin")).toBe("2026-11-26T11:00:00.000+01:00");
    expect(isoWithOffset("2026-07-01T10:00:00.123Z", "Europe/Berlin")).toBe("2026-07-01T12:00:00.123+02:00");
    expect(isoWithOffset("2026-11-26T02:30:00.000Z", "America/New_York")).toBe("2026-11-25T21:30:00.000-05:00");
    expect(isoWithOffset("2026-11-26T10:00:00.000Z", "UTC")).toBe("2026-11-26T10:00:00.000+00:00");
    expect(isoWithOffset("2026-11-26T10:00:00.000Z", "Asia/Kathmandu")).toBe("2026-11-26T15:45:00.000+05:45");
  });

  it("names the same moment", () => {
    for (const zone of ["Europe/Berlin", "America/New_York", "Pacific/Chatham"]) {
      const iso = "2026-10-25T00:30:00.000Z";
      expect(new Date(isoWithOffset(iso, zone)).toISOString()).toBe(iso);
    }
    expect(offsetMinutesAt(Date.parse("2026-01-15T12:00:00Z"), "Pacific/Chatham")).toBe(825);
  });
});
