import { describe, expect, it } from "vitest";
import { calendarDayOf, parseAuditFilter } from "./filter";

const parse = (query: string, timeZone = "UTC") =>
  parseAuditFilter(new URLSearchParams(query), ["station.rename", "channel.savePin"], timeZone);

describe("the audit log's filter", () => {
  it("takes every field it can use, the end day included whole", () => {
    const { filter, problems } = parse(
      "user=sub-1&station=MCS-0042&action=station.rename&outcome=refused&from=2026-11-01&to=2026-11-25",
    );
    expect(problems).toEqual({});
    expect(filter).toEqual({
      userId: "sub-1",
      serialNumber: "MCS-0042",
      action: { equals: "station.rename" },
      outcome: "refused",
      from: new Date("2026-11-01T00:00:00Z"),
      to: new Date("2026-11-26T00:00:00Z"),
    });
  });

  it("reads its days in the console's time zone, right across a change of the clocks", () => {
    // Berlin: back from summer time on 2026-10-25, a day of 25 hours.
    expect(parse("from=2026-10-25&to=2026-10-25", "Europe/Berlin").filter).toEqual({
      from: new Date("2026-10-24T22:00:00Z"),
      to: new Date("2026-10-25T23:00:00Z"),
    });
    // New York: on to summer time on 2026-03-08, a day of 23 hours.
    expect(parse("from=2026-03-08&to=2026-03-08", "America/New_York").filter).toEqual({
      from: new Date("2026-03-08T05:00:00Z"),
      to: new Date("2026-03-09T04:00:00Z"),
    });
  });

  it("drops what it cannot use and names it, keeping the typed values", () => {
    const { filter, problems, values } = parse("action=drop.tables&outcome=maybe&from=2026-02-31&to=99999-01-01");
    expect(filter).toEqual({});
    expect(problems).toEqual({ action: "action", outcome: "outcome", from: "date", to: "date" });
    expect(values.from).toBe("2026-02-31");
  });

  it("refuses an end before the start, and keeps the start", () => {
    const { filter, problems } = parse("from=2026-03-02&to=2026-03-01");
    expect(problems).toEqual({ to: "range" });
    expect(filter).toEqual({ from: new Date("2026-03-02T00:00:00Z") });
  });

  it("knows the days that exist between 2000 and 2999", () => {
    expect(calendarDayOf("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(calendarDayOf("2027-02-29")).toBeNull();
    expect(calendarDayOf("1999-12-31")).toBeNull();
    expect(calendarDayOf("2999-12-31")).toEqual({ year: 2999, month: 12, day: 31 });
    expect(calendarDayOf("2026-1-5")).toBeNull();
  });
});
