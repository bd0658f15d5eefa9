import { describe, expect, it } from "vitest";
import { dayMs } from "~/domain/listening-series";
import { addVenueTotals, TotalsAccumulator } from "~/listening/totals-cache.server";
import type { ListeningStore, TimeRange } from "~/records/listening";

/** A store that answers totals of `entities` entities for any range, and counts what it was asked. */
function countingStore(entities: number) {
  const asked: TimeRange[] = [];
  const store = {
    async totals(_resolution: number, range: TimeRange) {
      asked.push(range);
      const days = (range.to - range.from) / dayMs;
      return Array.from({ length: entities }, (_, index) => ({
        entityId: index + 1,
        peak: index % 3 === 0 ? null : index,
        listenerMs: days * 60_000,
        arrivals: days,
      }));
    },
  } as unknown as ListeningStore;
  return { store, asked };
}

async function sum(store: ListeningStore, range: TimeRange) {
  const totals = new TotalsAccumulator();
  await addVenueTotals(store, 86_400, range, 0, totals);
  return new Map(
    [...totals.toMap()].map(([entityId, { peak, listenerMs, arrivals }]) => [entityId, { peak, listenerMs, arrivals }]),
  );
}

describe("the venue's totals kept per block", () => {
  const origin = 64 * 300 * dayMs;

  it("reads a settled block once and gives the same totals from memory", async () => {
    const { store, asked } = countingStore(10);
    const range = { from: origin + 3 * dayMs, to: origin + 93 * dayMs };
    const first = await sum(store, range);
    const reads = asked.length;
    expect(reads).toBeGreaterThan(1);
    const again = await sum(store, range);
    expect(asked).toHaveLength(reads);
    expect(again).toEqual(first);
    expect(first.get(2)).toEqual({ peak: 1, listenerMs: 90 * 60_000, arrivals: 90 });
    expect(first.get(1)).toEqual({ peak: null, listenerMs: 90 * 60_000, arrivals: 90 });
  });

  it("lets the least recently used blocks go past its bound, and reads them again", async () => {
    // 200,000 entities: 4.8 MB a block, more than the bound holds a handful of.
    const { store, asked } = countingStore(200_000);
    const days = Array.from({ length: 8 }, (_, index) => ({
      from: origin + (500 + index) * dayMs,
      to: origin + (501 + index) * dayMs,
    }));
    for (const range of days) await sum(store, range);
    expect(asked).toHaveLength(8);
    await sum(store, days.at(-1)!);
    expect(asked).toHaveLength(8);
    await sum(store, days[0]!);
    expect(asked).toHaveLength(9);
  });
});
