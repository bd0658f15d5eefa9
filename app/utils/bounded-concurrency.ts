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
