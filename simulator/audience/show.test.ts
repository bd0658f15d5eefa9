import { describe, expect, it } from "vitest";
import { audienceAt, audienceShare, channelShares, type ShowPlan } from "./show";

const minute = 60_000;
const plan: ShowPlan = {
  startsAt: 20 * minute,
  endsAt: 120 * minute,
  peak: 100,
  arriveMs: 20 * minute,
  leaveMs: 10 * minute,
  interval: { afterMs: 45 * minute, durationMs: 15 * minute, stay: 0.3 },
};

describe("an audience around a show", () => {
  it("arrives before the start, peaks, dips at the interval, and has left after the end", () => {
    expect(audienceShare(plan, 0)).toBe(0);
    const arriving = audienceShare(plan, 15 * minute);
    expect(arriving).toBeGreaterThan(0);
    expect(arriving).toBeLessThan(0.6);
    expect(audienceShare(plan, 40 * minute)).toBeCloseTo(1);
    expect(audienceShare(plan, 20 * minute + 45 * minute + 8 * minute)).toBeCloseTo(0.3);
    expect(audienceShare(plan, 100 * minute)).toBeCloseTo(1);
    expect(audienceShare(plan, 125 * minute)).toBeGreaterThan(0);
    expect(audienceShare(plan, 130 * minute)).toBe(0);
  });

  it("splits listeners among the channels, the first taking most, in whole listeners", () => {
    expect(channelShares(2)).toEqual([0.65, 0.35]);
    const counts = audienceAt(plan, 40 * minute, 2);
    expect(counts.every(Number.isInteger)).toBe(true);
    expect(counts[0]).toBeGreaterThan(counts[1]!);
    expect(counts[0]! + counts[1]!).toBeGreaterThan(90);
    expect(counts[0]! + counts[1]!).toBeLessThan(110);
  });
});
