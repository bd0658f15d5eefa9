import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { problemTypes } from "../../app/contract/problems";
import { AudioChannelCountSchema, ConnectedStationCountSchema } from "../../app/contract/statistics";
import { eventually, expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

const connectedStationCount = async () =>
  ConnectedStationCountSchema.parse((await simulator.call("GET", managerPaths.connectedStationCount())).body)
    .connectedStationCount;
const audioChannelCount = async () =>
  AudioChannelCountSchema.parse((await simulator.call("GET", managerPaths.audioChannelCount())).body).audioChannelCount;

describe("statistics", () => {
  it("counts connected stations and the enabled channels on them", async () => {
    // MCS-0042 (2), MCS-0043 (1) and MCS-0044 (2) are connected.
    expect(await connectedStationCount()).toBe(3);
    expect(await audioChannelCount()).toBe(5);
  });

  it("follows the fleet: a rebooting station drops out while it is down", async () => {
    await simulator.control("/clock", { speed: 10 });
    await simulator.call("PUT", managerPaths.reboot("MCS-0042"));
    await eventually(async () => (await connectedStationCount()) === 2);
    expect(await audioChannelCount()).toBe(3);
    await eventually(async () => (await connectedStationCount()) === 3);
  });

  it("is for the dashboard's roles", async () => {
    expectProblem(
      await simulator.call("GET", managerPaths.audioChannelCount(), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
    expectProblem(
      await simulator.call("GET", managerPaths.connectedStationCount(), { as: null }),
      401,
      problemTypes.unauthorized,
    );
  });
});
