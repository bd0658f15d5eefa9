import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { StationListSchema, StationSchema } from "../../app/contract/stations";
import { updateStatus, useCaseModes } from "../../app/contract/enums";
import { problemTypes } from "../../app/contract/problems";
import type { NetworkInterfaceSettings } from "../../app/contract/station-parts";
import { eventually, expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

async function station(serialNumber: string) {
  const answer = await simulator.call("GET", managerPaths.station(serialNumber));
  expect(answer.status).toBe(200);
  return StationSchema.parse(answer.body);
}

async function list(query = "") {
  const answer = await simulator.call("GET", `${managerPaths.stations()}${query}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return StationListSchema.parse(answer.body);
}

describe("GET /stations", () => {
  it("lists the default fleet in every connection state, rejected stations counted apart", async () => {
    const { stations, visibleStationsCount, rejectedStationsCount } = await list();
    expect(visibleStationsCount).toBe(9);
    expect(rejectedStationsCount).toBe(1);
    expect(stations.map((s) => s.serialNumber)).not.toContain("MCS-0049");
    expect(new Set(stations.map((s) => s.deviceState.computedState))).toEqual(
      new Set(["Connected", "Disconnected", "Unauthorized", "UpdateRequired", "Unsupported", "Unknown"]),
    );
    expect(new Set(stations.map((s) => s.type))).toEqual(new Set([0, 1, 2]));
  });

  it("pages with skip and take, counting every match", async () => {
    const first = await list("?skip=0&take=4");
    const second = await list("?skip=4&take=4");
    expect(first.stations).toHaveLength(4);
    expect(first.visibleStationsCount).toBe(9);
    expect(second.stations.map((s) => s.serialNumber)).not.toContain(first.stations[0]!.serialNumber);
  });

  it("searches name and serial number and sorts firmware numerically", async () => {
    expect((await list("?search=main")).stations.map((s) => s.serialNumber)).toEqual(["MCS-0042"]);
    expect((await list("?search=mcs-004")).visibleStationsCount).toBe(7);
    const byFirmware = (await list("?sortBy=firmwareVersion&sortDirection=desc")).stations.map(
      (s) => s.currentFirmwareVersion,
    );
    expect(byFirmware.indexOf("6.10.0")).toBeLessThan(byFirmware.indexOf("6.2.0.1"));
  });

  it("answers 400 with field errors for a bad query", async () => {
    const problem = expectProblem(
      await simulator.call("GET", `${managerPaths.stations()}?take=0&sortBy=colour`),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(problem.errors!)).toEqual(expect.arrayContaining(["take", "sortBy"]));
  });

  it("is for administrators only", async () => {
    expectProblem(
      await simulator.call("GET", managerPaths.stations(), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
    expect((await simulator.call("GET", managerPaths.stations(), { as: "Owner" })).status).toBe(200);
  });
});

describe("GET /stations/{serialNumber}", () => {
  it("answers MCS-0042: a connected v2 station with two Assistive Listening channels", async () => {
    const mainHall = await station("MCS-0042");
    expect(mainHall).toMatchObject({
      serialNumber: "MCS-0042",
      name: "Main Hall",
      type: 2,
      deviceState: { computedState: "Connected", isReady: true, isChangingMode: false },
      functionalities: { canReboot: true, hasAudienceMic: true },
      authorization: { isAuthorized: true, isRejected: false },
      currentFirmwareVersion: "6.2.0",
      latestFirmwareVersion: "6.10.0",
    });
    expect(mainHall.state.audioMode.useCaseMode).toBe(useCaseModes.assistiveListening);
    expect(mainHall.audioChannels.map((c) => [c.index, c.pinCode === null])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(mainHall.configuration.controlNetworkInterface).toMatchObject({
      type: "Cs2Control",
      mode: "Static",
      ip: "10.10.20.42",
    });
  });

  it("answers 404 error:not-found for an unknown station", async () => {
    expectProblem(await simulator.call("GET", managerPaths.station("MCS-9999")), 404, problemTypes.notFound);
  });
});

describe("PUT UpdateName", () => {
  it("renames the station", async () => {
    const answer = await simulator.call("PUT", managerPaths.updateName("MCS-0042"), {
      body: { name: "  Great Hall " },
    });
    expect(answer.status).toBe(200);
    expect(StationSchema.parse(answer.body).name).toBe("Great Hall");
    expect((await station("MCS-0042")).name).toBe("Great Hall");
  });

  it("answers 400 with the field error for an empty name", async () => {
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.updateName("MCS-0042"), { body: { name: " " } }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty("name");
  });

  it("answers 403 to a Moderator, 404 for an unknown station, 409 for a station that is not connected", async () => {
    const body = { body: { name: "X" } };
    expectProblem(
      await simulator.call("PUT", managerPaths.updateName("MCS-0042"), { ...body, as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
    expectProblem(await simulator.call("PUT", managerPaths.updateName("MCS-9999"), body), 404, problemTypes.notFound);
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.updateName("MCS-0045"), body),
      409,
      problemTypes.stationNotEditable,
    );
    expect(JSON.parse(problem.detail!)).toMatchObject({
      serialNumber: "MCS-0045",
      reason: "computedState:Disconnected",
    });
  });
});

describe("PUT UpdateAudioMode", () => {
  it("marks the station as changing mode, then discards the channels for one mono channel with the mic", async () => {
    // Slow enough that the station is still changing mode when the next call arrives.
    await simulator.control("/clock", { speed: 5 });
    const answer = await simulator.call("PUT", managerPaths.updateAudioMode("MCS-0042"), {
      body: { useCaseMode: useCaseModes.audienceMicAndAssistiveListening },
    });
    expect(answer.status).toBe(202);
    expect(StationSchema.parse(answer.body).deviceState.isChangingMode).toBe(true);
    expectProblem(
      await simulator.call("PUT", managerPaths.updateName("MCS-0042"), { body: { name: "Busy" } }),
      409,
      problemTypes.stationNotEditable,
    );
    const changed = await eventually(async () => {
      const current = await station("MCS-0042");
      return !current.deviceState.isChangingMode && current;
    });
    expect(changed.state.audioMode.useCaseMode).toBe(useCaseModes.audienceMicAndAssistiveListening);
    expect(changed.state.audioEncoder.channelMode).toBe("Mono");
    expect(changed.audioChannels).toHaveLength(1);
    expect(changed.audioChannels[0]).toMatchObject({
      uplinkEnabled: true,
      isQueueEnabled: true,
      pinCode: null,
      name: "Channel 1",
    });
  });

  it("answers 400 for an unknown mode", async () => {
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.updateAudioMode("MCS-0042"), { body: { useCaseMode: 7 } }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty("useCaseMode");
  });
});

describe("PUT UpdateAudioEncoder", () => {
  const encoder = {
    channelMode: "Stereo",
    inputConnector: "Digital",
    digitalInputType: "Optical",
    analogInputLevel: "Minus10dBV",
    analogGain: false,
    latencyMode: "Manual",
    latencyMs: 120,
  };

  it("stores the encoder and moves the channels onto stereo input pairs", async () => {
    const answer = await simulator.call("PUT", managerPaths.updateAudioEncoder("MCS-0042"), { body: encoder });
    expect(answer.status).toBe(200);
    const updated = StationSchema.parse(answer.body);
    expect(updated.state.audioEncoder).toEqual(encoder);
    expect(updated.audioChannels.map((c) => [c.inputInterfaceLeft, c.inputInterfaceRight])).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it("refuses stereo in the audience-mic mode and out-of-range latency with field errors", async () => {
    const stereo = expectProblem(
      await simulator.call("PUT", managerPaths.updateAudioEncoder("MCS-0043"), { body: encoder }),
      400,
      problemTypes.validation,
    );
    expect(stereo.errors).toHaveProperty("channelMode");
    const latency = expectProblem(
      await simulator.call("PUT", managerPaths.updateAudioEncoder("MCS-0042"), { body: { ...encoder, latencyMs: 5 } }),
      400,
      problemTypes.validation,
    );
    expect(latency.errors).toHaveProperty("latencyMs");
  });
});

describe("PUT UpdateNetworkSettings", () => {
  const dynamic: NetworkInterfaceSettings = {
    mode: "Dynamic",
    ip: "",
    netmask: "",
    gateway: "",
    dns1: "",
    dns2: "",
    dns3: "",
    searchDomains: [],
    fqdn: "",
  };

  it("applies a static address to the live interface", async () => {
    const control = {
      ...dynamic,
      mode: "Static" as const,
      ip: "10.10.20.142",
      netmask: "255.255.254.0",
      gateway: "10.10.20.1",
      dns1: "10.10.20.1",
      searchDomains: [" venue.local, av.local ", ""],
    };
    const answer = await simulator.call("PUT", managerPaths.updateNetworkSettings("MCS-0042"), {
      body: { controlNetworkInterface: control, streamingNetworkInterface: dynamic },
    });
    expect(answer.status).toBe(200);
    const updated = StationSchema.parse(answer.body);
    expect(updated.configuration.controlNetworkInterface).toMatchObject({
      mode: "Static",
      ip: "10.10.20.142",
      prefixLength: 23,
      searchDomains: ["venue.local", "av.local"],
    });
    expect(updated.state.controlNetworkInterface.ip).toBe("10.10.20.142");
  });

  it("leaves an interface handed its own configuration as it is, DHCP search domains included", async () => {
    const before = StationSchema.parse((await simulator.call("GET", managerPaths.station("MCS-0042"))).body);
    const { controlNetworkInterface: control, streamingNetworkInterface: streaming } = before.configuration;
    const answer = await simulator.call("PUT", managerPaths.updateNetworkSettings("MCS-0042"), {
      body: {
        controlNetworkInterface: {
          ...dynamic,
          mode: "Static",
          ip: "10.10.20.143",
          netmask: "255.255.255.0",
          dns1: "10.10.20.1",
        },
        streamingNetworkInterface: {
          mode: streaming.mode,
          ip: streaming.ip,
          netmask: streaming.netmask,
          gateway: streaming.gateway,
          dns1: streaming.dns1,
          dns2: streaming.dns2,
          dns3: streaming.dns3,
          searchDomains: streaming.searchDomains,
          fqdn: streaming.fqdn,
        },
      },
    });
    const updated = StationSchema.parse(answer.body);
    expect(updated.state.controlNetworkInterface.ip).toBe("10.10.20.143");
    expect(control.ip).not.toBe("10.10.20.143");
    expect(updated.configuration.streamingNetworkInterface).toEqual(streaming);
    expect(updated.state.streamingNetworkInterface).toEqual(before.state.streamingNetworkInterface);
    expect(updated.state.streamingNetworkInterface.searchDomains).toEqual(["venue.local"]);
  });

  it("answers 400 with field errors per interface for an invalid static address", async () => {
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.updateNetworkSettings("MCS-0042"), {
        body: {
          controlNetworkInterface: { ...dynamic, mode: "Static", ip: "10.10.20.256", netmask: "255.0.255.0" },
          streamingNetworkInterface: dynamic,
        },
      }),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(problem.errors!)).toEqual(
      expect.arrayContaining([
        "controlNetworkInterface.ip",
        "controlNetworkInterface.netmask",
        "controlNetworkInterface.dns1",
      ]),
    );
  });
});

describe("PUT configuration", () => {
  it("updates the noise gate and DNS discovery", async () => {
    const answer = await simulator.call("PUT", managerPaths.stationConfiguration("MCS-0042"), {
      body: {
        noiseGate: { thresholdDb: -35 },
        dnsDiscovery: { useDnsDiscovery: false, managerIpAddress: "10.10.20.5" },
      },
    });
    expect(answer.status).toBe(200);
    expect(StationSchema.parse(answer.body).configuration).toMatchObject({
      noiseGate: { thresholdDb: -35 },
      dnsDiscovery: { useDnsDiscovery: false, managerIpAddress: "10.10.20.5" },
    });
  });

  it("requires a valid manager IP when DNS discovery is off", async () => {
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.stationConfiguration("MCS-0042"), {
        body: { dnsDiscovery: { useDnsDiscovery: false, managerIpAddress: "0.0.0.0" } },
      }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty(["dnsDiscovery.managerIpAddress"]);
  });
});

describe("PUT reboot", () => {
  it("reboots: Rebooting, then disconnected, then connected and Current again", async () => {
    // Slow enough for the polls to see the station while it is down.
    await simulator.control("/clock", { speed: 10 });
    const answer = await simulator.call("PUT", managerPaths.reboot("MCS-0042"));
    expect(answer.status).toBe(202);
    expect(StationSchema.parse(answer.body).deviceState.computedState).toBe("Connected");
    await eventually(async () => (await station("MCS-0042")).deviceState.computedState === "Disconnected");
    await eventually(async () => {
      const current = await station("MCS-0042");
      return current.deviceState.computedState === "Connected" && current;
    });
    const firmware = (await simulator.call("GET", `${managerPaths.firmware()}?serialNumber=MCS-0042`)).body;
    expect(firmware.firmwareInfos[0].status).toBe(updateStatus.Current);
  });

  it("refuses the 6.0.3 station stuck in Rebooting, and a Moderator", async () => {
    const chapel = await station("MCS-0044");
    expect(chapel.functionalities.canReboot).toBe(false);
    expectProblem(await simulator.call("PUT", managerPaths.reboot("MCS-0044")), 409, problemTypes.stationNotEditable);
    expectProblem(
      await simulator.call("PUT", managerPaths.reboot("MCS-0042"), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });
});

describe("PUT RestoreFactorySettings", () => {
  it("resets the station, which comes back unauthorized under its default settings", async () => {
    const answer = await simulator.call("PUT", managerPaths.restoreFactorySettings("MCS-0042"), {
      body: { options: { keepNetworkSettings: false } },
    });
    expect(answer.status).toBe(202);
    const reset = await eventually(async () => {
      const current = await station("MCS-0042");
      return current.deviceState.computedState === "Unauthorized" && current;
    });
    expect(reset.name).toBeNull();
    expect(reset.authorization).toMatchObject({ isAuthorized: false, isRejected: false });
    expect(reset.configuration.controlNetworkInterface.mode).toBe("Dynamic");
    expect(reset.audioChannels.every((channel) => channel.pinCode === null)).toBe(true);
  });

  it("answers 400 without options", async () => {
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.restoreFactorySettings("MCS-0042"), { body: {} }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty("options");
  });
});

describe("DELETE /stations/{serialNumber}", () => {
  it("removes the station; it comes back unauthorized when it reconnects", async () => {
    expect((await simulator.call("DELETE", managerPaths.station("MCS-0042"))).status).toBe(204);
    expectProblem(await simulator.call("GET", managerPaths.station("MCS-0042")), 404, problemTypes.notFound);
    expect((await list()).visibleStationsCount).toBe(8);
    expect((await simulator.control("/stations/MCS-0042/reconnect", {})).status).toBe(200);
    expect((await station("MCS-0042")).deviceState.computedState).toBe("Unauthorized");
  });

  it("answers 404 for an unknown station and 403 to a Moderator", async () => {
    expectProblem(await simulator.call("DELETE", managerPaths.station("MCS-9999")), 404, problemTypes.notFound);
    expectProblem(
      await simulator.call("DELETE", managerPaths.station("MCS-0042"), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });
});
