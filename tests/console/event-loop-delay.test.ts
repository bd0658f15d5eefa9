// The event-loop delay in /metrics: a tick that runs late is recorded as its lateness (not as the
// interval between ticks), the histogram keeps counting across scrapes, and the longest delay
// covers the time since the previous scrape.
import { Registry } from "prom-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventLoopSampleIntervalMs, monitorEventLoopDelay } from "../../server/observability/event-loop-delay";

let clock = 0;
let registry: Registry;
let monitor: { stop(): void };

/** One tick of the monitor's timer, `lateMs` after it was due. */
function tick(lateMs = 0) {
  clock += eventLoopSampleIntervalMs + lateMs;
  vi.advanceTimersByTime(eventLoopSampleIntervalMs);
}

/** One scrape: the histogram and the longest delay since the previous scrape. */
async function scrape() {
  const all = await registry.getMetricsAsJSON();
  const values = (name: string) =>
    all.find((entry) => entry.name === name)!.values as Array<{
      value: number;
      labels: Record<string, string | number | undefined>;
      metricName?: string;
    }>;
  const delays = values("console_event_loop_delay_seconds");
  return {
    atMost: (le: number) =>
      delays.find((value) => value.metricName?.endsWith("_bucket") && value.labels.le === le)!.value,
    count: delays.find((value) => value.metricName === "console_event_loop_delay_seconds_count")!.value,
    longest: values("console_event_loop_delay_max_seconds")[0]!.value,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
  registry = new Registry();
  monitor = monitorEventLoopDelay(registry, () => clock);
});

afterEach(() => {
  monitor.stop();
  vi.useRealTimers();
});

describe("the event-loop delay", () => {
  it("records how late each tick ran, so a loop that is never held shows no delay", async () => {
    for (let round = 0; round < 10; round += 1) tick();
    const { atMost, longest } = await scrape();
    expect(atMost(0.001)).toBe(10);
    expect(longest).toBe(0);
  });

  it("puts a task that held the loop for 80 ms above the 50 ms bucket and reports it as the longest", async () => {
    tick();
    tick(80);
    tick();
    const { atMost, longest } = await scrape();
    expect(atMost(0.05)).toBe(2);
    expect(atMost(0.1)).toBe(3);
    expect(longest).toBeCloseTo(0.08);
  });

  it("counts on across scrapes while the longest delay starts again after each", async () => {
    tick(30);
    expect((await scrape()).longest).toBeCloseTo(0.03);
    tick(2);
    const second = await scrape();
    expect(second.longest).toBeCloseTo(0.002);
    expect(second.count).toBe(2);
  });
});
