import { describe, expect, it } from "vitest";
import { createClock } from "../../simulator/clock";
import { normalizeSearchDomains } from "../../simulator/fleet/network-settings";

describe("network settings", () => {
  it("take search domains as a list whose entries may themselves be comma-separated", () => {
    expect(normalizeSearchDomains([" a.local, b.local ,", "", "c.local"])).toEqual(["a.local", "b.local", "c.local"]);
  });
});

describe("the clock", () => {
  it("runs simulated durations faster by its speed factor and keeps the remaining time when the speed changes", async () => {
    const clock = createClock(1000);
    const fired: string[] = [];
    clock.after(2_000, () => fired.push("short"));
    clock.after(60_000, () => fired.push("long"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fired).toEqual(["short"]);
    clock.setSpeed(100_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fired).toEqual(["short", "long"]);
    expect(clock.pendingCount()).toBe(0);
    expect(() => clock.setSpeed(0)).toThrow(RangeError);
  });
});
