// Shows on the live simulator (issue 35, item 5): the test controls start an audience, mute a
// channel and drop a station mid-show, and the listener counts the Manager reports follow.
import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { eventually, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({ speed: 600 });
const minute = 60_000;

async function counts(serialNumber: string) {
  const station = (await simulator.call("GET", managerPaths.station(serialNumber))).body;
  return {
    online: station.deviceState.computedState === "Connected",
    listeners: (station.audioChannels as { listenerCount: number }[]).map((channel) => channel.listenerCount),
  };
}

describe("shows on the simulator", () => {
  it("an audience arrives, peaks and leaves; a muted channel and a dropped station lose theirs meanwhile", async () => {
    const started = await simulator.control("/shows", {
      serialNumber: "MCS-0042",
      peak: 40,
      startsInMs: 2 * minute,
      durationMs: 30 * minute,
      arriveMs: 2 * minute,
      leaveMs: minute,
    });
    expect(started.status).toBe(200);
    await eventually(async () => (await counts("MCS-0042")).listeners.reduce((sum, count) => sum + count, 0) >= 36);
    const peaked = await counts("MCS-0042");
    expect(peaked.listeners[0]).toBeGreaterThan(peaked.listeners[1]!);

    expect((await simulator.control("/stations/MCS-0042/channels/1/mute", { muted: true })).status).toBe(200);
    expect((await counts("MCS-0042")).listeners[0]).toBe(0);
    await simulator.control("/stations/MCS-0042/channels/1/mute", { muted: false });
    await eventually(async () => (await counts("MCS-0042")).listeners[0]! > 0);

    expect((await simulator.control("/stations/MCS-0042/drop", { offlineMs: 3 * minute })).status).toBe(200);
    expect(await counts("MCS-0042")).toEqual({ online: false, listeners: [0, 0] });
    await eventually(async () => {
      const back = await counts("MCS-0042");
      return back.online && back.listeners[0]! > 0;
    });
    // After the end and the leaving, nobody is left.
    await eventually(async () => (await counts("MCS-0042")).listeners.every((count) => count === 0), 20_000);
  });

  it("refuses a show on a station that is not there", async () => {
    expect((await simulator.control("/shows", { serialNumber: "MCS-9999", peak: 5, durationMs: minute })).status).toBe(
      404,
    );
  });
});
