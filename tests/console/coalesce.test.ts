import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCoalescer } from "~/live/coalesce";

describe("coalescing pushes into revalidations", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("revalidates at once for the first push", () => {
    const run = vi.fn();
    const coalescer = createCoalescer(run, 350);
    coalescer.notify();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("turns a burst of 1,000 pushes in one second into at most 4 revalidations", () => {
    const run = vi.fn(() => setTimeout(() => coalescer.settled(), 50));
    const coalescer = createCoalescer(run, 350);
    for (let index = 0; index < 1000; index += 1) {
      coalescer.notify();
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(1000);
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(run.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it("never starts a run while one is loading, and catches up after it settles", () => {
    const run = vi.fn();
    const coalescer = createCoalescer(run, 100);
    coalescer.notify();
    vi.advanceTimersByTime(500);
    coalescer.notify();
    expect(run).toHaveBeenCalledTimes(1);
    coalescer.settled();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("is busy from a push until the last run it caused has settled (the page's data-live mark)", () => {
    const run = vi.fn();
    const coalescer = createCoalescer(run, 350);
    expect(coalescer.busy()).toBe(false);
    coalescer.notify();
    expect(coalescer.busy()).toBe(true);
    coalescer.notify();
    coalescer.settled();
    // The second push waits for its interval: still busy until that run has settled too.
    expect(coalescer.busy()).toBe(true);
    vi.advanceTimersByTime(350);
    expect(run).toHaveBeenCalledTimes(2);
    expect(coalescer.busy()).toBe(true);
    coalescer.settled();
    expect(coalescer.busy()).toBe(false);
  });
});
