// The event loop's delay, as a histogram Prometheus can take quantiles of over any window and sum
// across workers, and the longest delay since the previous scrape. A timer asks to run every 5 ms;
// how late it runs is how long the task before it held the loop (less up to 5 ms: the task may have
// started between two ticks), so a task of T ms shows as a delay between T − 5 and T.
// prom-client's default `nodejs_eventloop_lag_*` gauges stay for existing dashboards, but read them
// with care: they report the interval between 10 ms ticks (an idle process shows p50 ≈ 10 ms), they
// cover only the time since the previous scrape, and in the workers' sum their percentiles are the
// average of the workers' (one stalling worker is hidden by the others) —
// docs/decisions/016-logs-and-metrics.md, "Event-loop delay".
import { Gauge, Histogram, type Registry } from "prom-client";

/** How often the timer asks to run: the resolution of the figures. */
export const eventLoopSampleIntervalMs = 5;

/** Seconds: a healthy loop answers within a few ms; a render that blocks shows as tens of ms. */
const delayBuckets = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.045, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5];

export function monitorEventLoopDelay(registry: Registry, now: () => number = () => performance.now()) {
  const registers = [registry];
  const delays = new Histogram({
    name: "console_event_loop_delay_seconds",
    help: `How late a timer due every ${eventLoopSampleIntervalMs} ms ran: how long a task held the event loop (a task of T ms shows as between T − ${eventLoopSampleIntervalMs} ms and T).`,
    buckets: delayBuckets,
    registers,
  });
  let longest = 0;
  new Gauge({
    name: "console_event_loop_delay_max_seconds",
    help: "The longest event-loop delay since the previous scrape (the largest of the workers' in their sum).",
    aggregator: "max",
    registers,
    collect() {
      this.set(longest);
      longest = 0;
    },
  });
  let due = now() + eventLoopSampleIntervalMs;
  const timer = setInterval(() => {
    const at = now();
    const delay = Math.max(0, at - due) / 1000;
    delays.observe(delay);
    if (delay > longest) longest = delay;
    due = at + eventLoopSampleIntervalMs;
  }, eventLoopSampleIntervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
