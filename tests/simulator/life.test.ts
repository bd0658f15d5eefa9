import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { SystemEventListSchema } from "../../app/contract/statistics";
import { eventually, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "on demand");

const totalEvents = async () =>
  SystemEventListSchema.parse((await simulator.call("GET", managerPaths.systemEvents())).body).totalSystemEventCount;

describe("the fleet's own life", () => {
  it("raises events and brings deleted stations back when autonomous", async () => {
    await simulator.startWith({ autonomous: true, speed: 2_000 });
    const before = await totalEvents();
    await eventually(async () => (await totalEvents()) > before + 2);
    await simulator.call("DELETE", managerPaths.station("MCS-0045"));
    const back = await eventually(async () => {
      const answer = await simulator.call("GET", managerPaths.station("MCS-0045"));
      return answer.status === 200 && answer.body;
    });
    expect(back.deviceState.computedState).toBe("Unauthorized");
  });

  it("stays still when not autonomous, and can be switched on and off", async () => {
    await simulator.startWith({ speed: 2_000 });
    expect((await simulator.control("/state")).body.clock).toMatchObject({ autonomous: false, pendingTimers: 0 });
    expect((await simulator.control("/clock", { autonomous: true, speed: 3_000 })).body).toEqual({
      speed: 3_000,
      autonomous: true,
    });
    expect((await simulator.control("/state")).body.clock.pendingTimers).toBeGreaterThan(0);
    await simulator.control("/clock", { autonomous: false });
    expect((await simulator.control("/state")).body.clock.pendingTimers).toBe(0);
  });
});
