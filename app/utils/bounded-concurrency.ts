// Work on many items with at most `limit` of them in flight at once: a bulk action on 1,000
// stations sends the Manager eight calls at a time, not a thousand. Results keep the items' order.
export async function mapWithConcurrency<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`The limit must be a positive integer, not ${limit}`);
  const results = new Array<Result>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** How many Manager calls a fleet- or venue-wide job keeps in flight at most (issue 27, item 2). */
export const managerCallsInFlight = 8;

/**
 * A gate for work that is heavy while it runs (decoding an image, reading a backup in a worker):
 * at most `limit` run at once; the rest wait their turn in order.
 */
export function oneOf(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
