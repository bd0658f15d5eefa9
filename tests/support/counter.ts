/** A count that can be waited for: `reach(n)` resolves once it has reached `n`. */
export function counter() {
  let count = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  return {
    get count() {
      return count;
    },
    bump() {
      count += 1;
      for (const waiter of waiting.filter((candidate) => count >= candidate.n)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    reach(n: number) {
      return count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }));
    },
  };
}
