// Turns a burst of push messages into few revalidations: the first message revalidates at
// once (push-to-screen latency), later ones within the interval share one trailing run, and a
// run never starts while the previous one is still loading.
export interface Coalescer {
  notify(): void;
  /** Call when a revalidation finished. */
  settled(): void;
  /** A run is loading, or one is due. */
  busy(): boolean;
  dispose(): void;
}

export function createCoalescer(
  run: () => void,
  minimumIntervalMs: number | (() => number),
  now: () => number = Date.now,
): Coalescer {
  const interval = typeof minimumIntervalMs === "function" ? minimumIntervalMs : () => minimumIntervalMs;
  let lastRun = Number.NEGATIVE_INFINITY;
  let running = false;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function start() {
    timer = null;
    pending = false;
    running = true;
    lastRun = now();
    run();
  }

  function schedule() {
    if (running || timer) return;
    const wait = lastRun + interval() - now();
    if (wait <= 0) start();
    else timer = setTimeout(start, wait);
  }

  return {
    notify() {
      pending = true;
      schedule();
    },
    settled() {
      running = false;
      if (pending) schedule();
    },
    busy: () => running || pending || timer !== null,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = false;
    },
  };
}
