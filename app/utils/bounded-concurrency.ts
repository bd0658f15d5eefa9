// Many Manager calls for one request (a venue of 1,000 stations), at most `limit` in flight at a
// time: the Manager is not flooded and the console's memory holds only what is being worked on.
// Results come back in the items' order. The high-water mark of calls in flight is kept for the
// bench (bench/venue-backup.ts reads it from the metrics).

let inFlight = 0;
let highWater = 0;

/** The most calls any bounded batch had in flight at once in this process, since the last reset. */
export function boundedCallsHighWater(reset = false) {
  const value = highWater;
  if (reset) highWater = inFlight;
  return value;
}

export async function mapBounded<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      inFlight += 1;
      highWater = Math.max(highWater, inFlight);
      try {
        results[index] = await work(items[index]!, index);
      } finally {
        inFlight -= 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** How many Manager calls a venue-wide job keeps in flight (as the fleet's bulk actions do). */
export const managerCallsInFlight = 8;
