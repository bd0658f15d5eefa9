import { describe, expect, it } from "vitest";
import { dayStart, parseAuditFilter } from "./filter";

const parse = (query: string) => parseAuditFilter(new URLSearchParams(query), ["station.rename", "channel.savePin"]);

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
    expect(dayStart("2028-02-29")).toEqual(new Date("2028-02-29T00:00:00Z"));
    expect(dayStart("2027-02-29")).toBeNull();
    expect(dayStart("1999-12-31")).toBeNull();
    expect(dayStart("2026-1-5")).toBeNull();
  });
});
