import { describe, expect, it } from "vitest";
import { localText, parseLocalTime, periodEdges, periodFor, rangeOf } from "~/domain/listening-ranges";
import { dayMs, hourMs, minuteMs } from "~/domain/listening-series";

const now = new Date(2026, 2, 14, 20, 17, 33).getTime();
const search = (query: string) => new URLSearchParams(query);

describe("the history's ranges", () => {
  it("offers the last 6 hours, day, week and month up to now, the day by default", () => {
    expect(rangeOf(search(""), now, { mostDays: 400 }).range).toMatchObject({
      name: "day",
      from: now - dayMs,
      to: now,
      isLive: true,
    });
    expect(rangeOf(search("range=6h"), now, { mostDays: 400 }).range).toMatchObject({
      from: now - 6 * hourMs,
      periodMs: minuteMs,
    });
    expect(rangeOf(search("range=week"), now, { mostDays: 400 }).range.periodMs).toBe(hourMs);
    expect(rangeOf(search("range=month"), now, { mostDays: 400 }).range.periodMs).toBe(3 * hourMs);
    expect(rangeOf(search("range=nonsense"), now, { mostDays: 400 }).range.name).toBe("day");
  });

  it("reads a custom range in the console's time zone; a date alone as the end is that whole day", () => {
    const { range, error } = rangeOf(search("range=custom&from=2026-03-01&to=2026-03-02"), now, { mostDays: 400 });
    expect(error).toBeNull();
    expect(range).toMatchObject({
      name: "custom",
      from: new Date(2026, 2, 1).getTime(),
      to: new Date(2026, 2, 3).getTime(),
      isLive: false,
      periodMs: 15 * minuteMs,
    });
    const evening = rangeOf(search("range=custom&from=2026-03-14T19:00&to=2026-03-14T22:00"), now, { mostDays: 400 });
    expect(evening.range).toMatchObject({ from: new Date(2026, 2, 14, 19).getTime(), to: now, isLive: true });
    // Begun less than a minute ago: it ends now, never in the future; one wholly to come is a minute.
    const justBegun = rangeOf(search("range=custom&from=2026-03-14T20:17&to=2026-03-14T22:00"), now, { mostDays: 400 });
    expect(justBegun.range).toMatchObject({ from: new Date(2026, 2, 14, 20, 17).getTime(), to: now, isLive: true });
    const toCome = rangeOf(search("range=custom&from=2026-03-14T21:00&to=2026-03-14T22:00"), now, { mostDays: 400 });
    const nine = new Date(2026, 2, 14, 21).getTime();
    expect(toCome.range).toMatchObject({ from: nine, to: nine + minuteMs, isLive: true });
  });

  it("refuses a custom range it cannot read, one ending before it starts, or one too long, with the reason", () => {
    const refused = (query: string) => rangeOf(search(`range=custom&${query}`), now, { mostDays: 400 });
    expect(refused("from=&to=").error).toBe("customMissing");
    expect(refused("from=2026-02-30&to=2026-03-02").error).toBe("customInvalid");
    expect(refused("from=2026-03-02&to=2026-03-01").error).toBe("customOrder");
    expect(refused("from=2024-01-01&to=2026-03-01").error).toBe("customTooLong");
    // What was typed stays in the form.
    expect(refused("from=2026-03-02&to=2026-03-01").range).toMatchObject({ name: "day", fromText: "2026-03-02" });
  });

  it("cuts a range into whole periods from local midnight, at most about 360", () => {
    expect(periodFor(90 * dayMs)).toBe(6 * hourMs);
    const from = new Date(2026, 2, 10, 13, 5).getTime();
    const to = new Date(2026, 2, 13, 8, 0).getTime();
    const edges = periodEdges(from, to, dayMs);
    expect(edges.map((edge) => new Date(edge).getDate())).toEqual([10, 11, 12, 13, 13]);
    expect(new Date(edges[1]!).getHours()).toBe(0);
    const hours = periodEdges(from, from + 3 * hourMs, hourMs);
    expect(hours.map((edge) => new Date(edge).getMinutes())).toEqual([5, 0, 0, 0, 5]);
  });

  it("writes and reads back the custom form's local times", () => {
    expect(parseLocalTime(localText(now))).toBe(now - 33_000);
    expect(parseLocalTime("2026-03-14T24:00")).toBeNull();
    expect(parseLocalTime("yesterday")).toBeNull();
  });
});
