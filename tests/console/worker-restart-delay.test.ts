// The primary's wait before replacing a worker that died after serving (docs/decisions/045-workers.md).
import { describe, expect, it } from "vitest";
import { createRestartDelay, restartDelayDefaults } from "../../server/workers/restart-delay";

const soon = 5_000;
const steady = restartDelayDefaults.steadyAfterMs;

describe("the restart delay of a worker that died after serving", () => {
  it("replaces the first crash at once, then waits 1 s doubling to 30 s while replacements keep crashing", () => {
    const delay = createRestartDelay();
    const delays = [steady, soon, soon, soon, soon, soon, soon, soon, soon].map((served) => delay.after(served));
    expect(delays).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("starts over once a worker has served a steady while", () => {
    const delay = createRestartDelay();
    expect([soon, soon, soon].map((served) => delay.after(served))).toEqual([0, 1_000, 2_000]);
    expect(delay.after(steady)).toBe(0);
    expect(delay.after(soon)).toBe(1_000);
  });

  it("counts a crash of a worker that served just under the steady while as one in a row", () => {
    const delay = createRestartDelay({ firstDelayMs: 10, maxDelayMs: 50, steadyAfterMs: 100 });
    expect([100, 99, 99, 99, 99, 100].map((served) => delay.after(served))).toEqual([0, 10, 20, 40, 50, 0]);
  });
});
