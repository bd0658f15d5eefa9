// The console's event-loop delay over a stretch of the bench, read from its /metrics (the bench
// starts it with a METRICS_TOKEN): the histogram's counts before and after give the delays of
// that stretch alone (its 99th percentile, within a bucket), and the longest-delay gauge, which
// starts again at each scrape, its maximum. With workers, /metrics answers for all of them: the
// histogram summed, the maximum the largest (docs/decisions/016-logs-and-metrics.md).

/** The token the bench's consoles are started with (METRICS_TOKEN). */
export const benchMetricsToken = "bench-metrics-token-0123456789";

/** A delay of at most this means no task held the loop over 50 ms (the sampling timer ticks every 5 ms). */
export const longestAllowedDelayMs = 45;

interface Scrape {
  /** Cumulative count per bucket bound (seconds), and the total count. */
  buckets: Map<number, number>;
  count: number;
  longestMs: number;
}

async function scrape(consoleUrl: string): Promise<Scrape> {
  const response = await fetch(`${consoleUrl}/metrics`, {
    headers: { authorization: `Bearer ${benchMetricsToken}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const buckets = new Map<number, number>();
  let count = 0;
  let longestMs = Number.NaN;
  for (const line of text.split("\n")) {
    const bucket = /^console_event_loop_delay_seconds_bucket\{le="([^"]+)"\} (\S+)/.exec(line);
    if (bucket) buckets.set(bucket[1] === "+Inf" ? Infinity : Number(bucket[1]), Number(bucket[2]));
    const total = /^console_event_loop_delay_seconds_count (\S+)/.exec(line);
    if (total) count = Number(total[1]);
    const longest = /^console_event_loop_delay_max_seconds (\S+)/.exec(line);
    if (longest) longestMs = Number(longest[1]) * 1000;
  }
  return { buckets, count, longestMs };
}

export interface EventLoopFigures {
  /** Delays sampled in the stretch (one per 5 ms per process that was free to tick). */
  samples: number;
  /** The 99th percentile of the stretch, interpolated within its bucket, in ms. */
  p99: number;
  /** The longest delay of the stretch, in ms. */
  max: number;
}

/** Starts watching: the returned function ends the stretch and gives its figures (null without the metrics). */
export async function watchEventLoop(consoleUrl: string): Promise<() => Promise<EventLoopFigures | null>> {
  const before = await scrape(consoleUrl).catch(() => null);
  return async () => {
    const after = await scrape(consoleUrl).catch(() => null);
    if (!before || !after || after.buckets.size === 0) return null;
    const samples = after.count - before.count;
    const bounds = [...after.buckets.keys()].sort((a, b) => a - b);
    const wanted = samples * 0.99;
    let p99 = Number.NaN;
    let lowerBound = 0;
    let lowerCount = 0;
    for (const bound of bounds) {
      const within = (after.buckets.get(bound) ?? 0) - (before.buckets.get(bound) ?? 0);
      if (within >= wanted) {
        const upper = Number.isFinite(bound) ? bound : lowerBound;
        const share = within === lowerCount ? 0 : (wanted - lowerCount) / (within - lowerCount);
        p99 = (lowerBound + (upper - lowerBound) * share) * 1000;
        break;
      }
      lowerBound = bound;
      lowerCount = within;
    }
    const round = (value: number) => Math.round(value * 10) / 10;
    return { samples, p99: round(p99), max: round(after.longestMs) };
  };
}
