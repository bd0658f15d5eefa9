import { describe, expect, it } from "vitest";
import { planRead, type HistoryTier } from "~/domain/listening-read-plan";
import { dayMs, minuteMs, quarterMs } from "~/domain/listening-series";

const day = Date.UTC(2026, 2, 14);
const tiers = (until: number): HistoryTier[] => [
  { name: "day", span: dayMs, from: day - 10 * dayMs, until: day },
  { name: "quarter", span: quarterMs, from: day - 10 * dayMs, until: until - (until % quarterMs) },
  { name: "minute", span: minuteMs, from: day - 3 * dayMs, until: until - (until % minuteMs) },
  { name: "samples", span: 0, from: day - dayMs, until },
];

const names = (segments: ReturnType<typeof planRead>) =>
  segments.map((segment) => [segment.tier?.name ?? null, segment.from - day, segment.to - day]);

describe("which stored form answers which part of a range", () => {
  it("reads whole days, then quarter hours, minutes and the samples of the last moments", () => {
    const now = day + 3 * 3_600_000 + 20 * minuteMs + 12_000;
    expect(names(planRead(day - 2 * dayMs - 2 * quarterMs + 5 * minuteMs, now, tiers(now)))).toEqual([
      ["minute", -2 * dayMs - 2 * quarterMs + 5 * minuteMs, -2 * dayMs - quarterMs],
      ["quarter", -2 * dayMs - quarterMs, -2 * dayMs],
      ["day", -2 * dayMs, 0],
      ["quarter", 0, 3 * 3_600_000 + quarterMs],
      ["minute", 3 * 3_600_000 + quarterMs, 3 * 3_600_000 + 20 * minuteMs],
      ["samples", 3 * 3_600_000 + 20 * minuteMs, 3 * 3_600_000 + 20 * minuteMs + 12_000],
    ]);
  });

  it("an edge finer than the tiers kept at its age is not known, and says so", () => {
    const now = day + minuteMs;
    expect(names(planRead(day - 5 * dayMs + 5 * minuteMs, day - 5 * dayMs + quarterMs, tiers(now)))).toEqual([
      [null, -5 * dayMs + 5 * minuteMs, -5 * dayMs + quarterMs],
    ]);
  });

  it("says nothing is known where no tier holds anything, never makes it up", () => {
    const now = day + minuteMs;
    const segments = planRead(day - 20 * dayMs, day - 9 * dayMs, tiers(now));
    expect(names(segments)).toEqual([
      [null, -20 * dayMs, -10 * dayMs],
      ["day", -10 * dayMs, -9 * dayMs],
    ]);
  });

  it("uses only the tiers it is given (a chart of hours reads no days)", () => {
    const now = day + 2 * 3_600_000;
    const withoutDays = tiers(now).slice(1);
    expect(names(planRead(day - dayMs, day, withoutDays))).toEqual([["quarter", -dayMs, 0]]);
  });
});
