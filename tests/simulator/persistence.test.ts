import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { StationSchema } from "../../app/contract/stations";
import { SystemEventListSchema } from "../../app/contract/statistics";
import { TokenListSchema } from "../../app/contract/tokens";
import { eventually, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "on demand");

const station = async (serialNumber: string) =>
  StationSchema.parse((await simulator.call("GET", managerPaths.station(serialNumber))).body);

describe("persistence in SQLite", () => {
  it("keeps every change across a restart on the same data directory", async () => {
    await simulator.startWith();
    await simulator.call("PUT", managerPaths.updateName("MCS-0042"), { body: { name: "Great Hall" } });
    await simulator.call("POST", managerPaths.pinCode("MCS-0042", 1), { body: { pin: "111222" } });
    await simulator.call("POST", managerPaths.tokens(), {
      body: { name: "Kept", expiryInDays: 30, scopes: ["stations.read"] },
    });
    await simulator.call("PUT", managerPaths.dismissAllSystemEvents());
    await simulator.call("PUT", managerPaths.rejectStation("MCS-0047"));
    await simulator.call("PUT", managerPaths.systemSettings(), {
      body: { dnsDiscoverySettings: { useDnsDiscovery: false, managerIpAddress: "10.0.0.9" } },
    });

    await simulator.restart();

    const mainHall = await station("MCS-0042");
    expect(mainHall.name).toBe("Great Hall");
    expect(mainHall.audioChannels[0]!.pinCode).toBe("111222");
    expect(
      TokenListSchema.parse((await simulator.call("GET", managerPaths.tokens())).body).map((token) => token.name),
    ).toContain("Kept");
    expect(
      SystemEventListSchema.parse((await simulator.call("GET", managerPaths.systemEvents())).body)
        .dismissableEventCount,
    ).toBe(0);
    expect((await simulator.call("GET", managerPaths.stations())).body.rejectedStationsCount).toBe(2);
    expect(
      (await simulator.call("GET", managerPaths.systemSettings())).body.dnsDiscoverySettings.managerIpAddress,
    ).toBe("10.0.0.9");
  });

  it("resumes a reboot that was under way when the simulator stopped", async () => {
    await simulator.startWith({ speed: 1 });
    await simulator.call("PUT", managerPaths.reboot("MCS-0042"));
    expect((await simulator.control("/state")).body.activities).toEqual([
      expect.objectContaining({ serialNumber: "MCS-0042", activity: "reboot" }),
    ]);

    await simulator.restart({ speed: 200 });

    await eventually(async () => {
      const current = await station("MCS-0042");
      return (
        current.deviceState.computedState === "Connected" &&
        (await simulator.control("/state")).body.activities.length === 0
      );
    });
  });

  it("reseeds on request, and when asked for another fleet size", async () => {
    await simulator.startWith();
    await simulator.call("PUT", managerPaths.updateName("MCS-0042"), { body: { name: "Renamed" } });
    await simulator.restart({ reseed: true });
    expect((await station("MCS-0042")).name).toBe("Main Hall");

    await simulator.restart({ reseed: false, seedStations: 40 });
    expect((await simulator.control("/state")).body).toMatchObject({ seed: "generated:40", stations: 40 });
    await simulator.call("PUT", managerPaths.updateName("MCS-0042"), { body: { name: "Renamed again" } });
    await simulator.restart({ seedStations: 40 });
    expect((await station("MCS-0042")).name).toBe("Renamed again");
  });
});
