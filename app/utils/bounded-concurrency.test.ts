import { describe, expect, it } from "vitest";
import { mapWithConcurrency } from "~/utils/bounded-concurrency";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("mapWithConcurrency", () => {
  it("never has more than the limit in flight, uses all of it, and keeps the items' order", async () => {
    let inFlight = 0;
    let most = 0;
    const items = Array.from({ length: 100 }, (_, index) => index);
    const results = await mapWithConcurrency(items, 8, async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Uneven durations: a slot frees at a different time each round.
      for (let wait = 0; wait < (item % 3) + 1; wait++) await tick();
      inFlight -= 1;
      return item * 2;
    });
    expect(most).toBe(8);
    expect(results).toEqual(items.map((item) => item * 2));
  });

  it("runs fewer items than the limit all at once, and none at all for an empty list", async () => {
    let started = 0;
    await mapWithConcurrency([1, 2, 3], 8, async () => {
      started += 1;
      await tick();
    });
    expect(started).toBe(3);
    expect(await mapWithConcurrency([], 8, async () => 1)).toEqual([]);
  });

  it("refuses a limit that is not a positive integer", async () => {
    await expect(mapWithConcurrency([1], 0, async () => 1)).rejects.toThrow(RangeError);
  });
});
