import { describe, expect, it } from "vitest";
import { totalsBlocks } from "~/domain/listening-blocks";
import { dayMs, quarterMs } from "~/domain/listening-series";

const hours = (blocks: ReturnType<typeof totalsBlocks>, origin: number) =>
  blocks.map((block) => [(block.from - origin) / 3_600_000, (block.to - origin) / 3_600_000, block.kept]);

describe("the blocks a range's totals are added up from", () => {
  const origin = 64 * 20_000 * dayMs;

  it("covers the range exactly with runs aligned to their own length, the short ends joined", () => {
    const from = origin + 5 * quarterMs;
    const to = origin + 26 * 3_600_000 + quarterMs;
    const blocks = totalsBlocks(from, to, quarterMs, { fewest: 4, most: 64 });
    expect(hours(blocks, origin)).toEqual([
      [1.25, 2, false],
      [2, 4, true],
      [4, 8, true],
      [8, 16, true],
      [16, 24, true],
      [24, 26, true],
      [26, 26.25, false],
    ]);
    for (const block of blocks.filter((one) => one.kept))
      expect(block.from % (block.to - block.from), `${block.from}`).toBe(0);
  });

  it("keeps the same blocks inside a range that moved on by a quarter hour", () => {
    const week = (now: number) =>
      totalsBlocks(now - 7 * dayMs, now, quarterMs, { fewest: 4, most: 64 })
        .filter((block) => block.kept)
        .map((block) => `${block.from}-${block.to}`);
    const now = origin + 13 * 3_600_000;
    const later = new Set(week(now + quarterMs));
    const before = week(now);
    const shared = before.filter((block) => later.has(block));
    expect(shared.length).toBeGreaterThanOrEqual(before.length - 2);
  });

  it("cuts 90 days into a few runs of days of at most 64", () => {
    const from = origin + 3 * dayMs;
    const blocks = totalsBlocks(from, from + 90 * dayMs, dayMs, { fewest: 1, most: 64 });
    expect(blocks.every((block) => block.kept)).toBe(true);
    expect(blocks.length).toBeLessThanOrEqual(12);
    expect(blocks[0]!.from).toBe(from);
    expect(blocks.at(-1)!.to).toBe(from + 90 * dayMs);
    expect(blocks.reduce((sum, block) => sum + (block.to - block.from), 0)).toBe(90 * dayMs);
    expect(Math.max(...blocks.map((block) => block.to - block.from))).toBeLessThanOrEqual(64 * dayMs);
  });

  it("gives nothing for an empty range and one unkept block for a short one", () => {
    expect(totalsBlocks(origin, origin, quarterMs, { fewest: 4, most: 64 })).toEqual([]);
    expect(totalsBlocks(origin + quarterMs, origin + 3 * quarterMs, quarterMs, { fewest: 4, most: 64 })).toEqual([
      { from: origin + quarterMs, to: origin + 3 * quarterMs, kept: false },
    ]);
  });
});
