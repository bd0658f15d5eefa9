// A REST change arrives on the right hub, through the official @microsoft/signalr client.
import { HubConnectionState } from "@microsoft/signalr";
import { afterEach, describe, expect, it } from "vitest";
import { hubMessages, type HubName } from "../../app/contract/hubs";
import { managerPaths } from "../../app/contract/paths";
import { AppCustomizationSchema } from "../../app/contract/app-customization";
import { ChannelSchema } from "../../app/contract/channels";
import { StationSchema } from "../../app/contract/stations";
import { FirmwareInfoSchema, UpdateMetadataSchema } from "../../app/contract/firmware";
import { ModerationChannelSchema } from "../../app/contract/moderation";
import { StatisticsSchema, SystemEventSchema } from "../../app/contract/statistics";
import { listenToHub, type HubListener } from "../support/hub-client";
import { eventually, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();
const listeners: HubListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.stop()));
});

async function listen(hub: HubName) {
  const listener = await listenToHub(simulator.managerUrl, hub, Object.values(hubMessages[hub]), () =>
    simulator.tokenFor("Admin"),
  );
  listeners.push(listener);
  return listener;
}

const received = (listener: HubListener, target: string) =>
  eventually(() => listener.messages.find((message) => message.target === target));

describe("stationsHub", () => {
  it("pushes StationChanged Update on a rename and ChannelChanged Update on a PIN", async () => {
    const hub = await listen("stationsHub");
    await simulator.call("PUT", managerPaths.updateName("MCS-0042"), { body: { name: "Great Hall" } });
    const station = await received(hub, hubMessages.stationsHub.stationChanged);
    expect(StationSchema.parse(station.args[0]).name).toBe("Great Hall");
    expect(station.args[1]).toBe("Update");

    await simulator.call("POST", managerPaths.pinCode("MCS-0042", 2), { body: { pin: "" } });
    const channel = await received(hub, hubMessages.stationsHub.channelChanged);
    expect(hub.messages.filter((message) => message.target === hubMessages.stationsHub.channelChanged)).toHaveLength(1);
    expect(ChannelSchema.parse(channel.args[0])).toMatchObject({ index: 2, pinCode: null });
    expect(channel.args[1]).toBe("Update");
  });

  it("pushes Remove when a station is rejected and Add when one reconnects", async () => {
    const hub = await listen("stationsHub");
    await simulator.call("PUT", managerPaths.rejectStation("MCS-0047"));
    await eventually(() => hub.messages.some((message) => message.args[1] === "Remove"));
    await simulator.call("DELETE", managerPaths.station("MCS-0042"));
    await simulator.control("/stations/MCS-0042/reconnect", {});
    const added = await eventually(() => hub.messages.find((message) => message.args[1] === "Add"));
    expect(StationSchema.parse(added.args[0])).toMatchObject({
      serialNumber: "MCS-0042",
      deviceState: { computedState: "Unauthorized" },
    });
  });
});

describe("statisticsHub", () => {
  it("pushes StatisticsChanged when a connected station goes away", async () => {
    const hub = await listen("statisticsHub");
    await simulator.call("DELETE", managerPaths.station("MCS-0042"));
    const message = await received(hub, hubMessages.statisticsHub.statisticsChanged);
    expect(StatisticsSchema.parse(message.args[0])).toEqual({ connectedStationCount: 2, audioChannelCount: 3 });
    expect(message.args[1]).toBe("Update");
  });
});

describe("moderationHub", () => {
  it("pushes ModerationChannelChanged Update on NextSpeaker", async () => {
    const hub = await listen("moderationHub");
    const channel = (await simulator.call("GET", managerPaths.moderation())).body.find(
      (candidate: { stationSerialNumber: string }) => candidate.stationSerialNumber === "MCS-0043",
    );
    await simulator.call("PUT", managerPaths.nextSpeaker(channel.id), {
      as: "Moderator",
      body: { singleChannelListId: channel.accessOptions.singleChannelListId },
    });
    const message = await received(hub, hubMessages.moderationHub.moderationChannelChanged);
    expect(ModerationChannelSchema.parse(message.args[0]).speakers[0]!.displayName).toBe("Ben Moreau");
    expect(message.args[1]).toBe("Update");
  });
});

describe("systemEventsHub", () => {
  it("pushes SystemEventChanged Add for a new event and Update when it is dismissed", async () => {
    const hub = await listen("systemEventsHub");
    const raised = await simulator.control("/events", {
      type: 2,
      code: "stationDisconnected",
      stationSerialNumber: "MCS-0042",
      isDismissable: true,
    });
    const added = await received(hub, hubMessages.systemEventsHub.systemEventChanged);
    expect(SystemEventSchema.parse(added.args[0]).id).toBe(raised.body.id);
    expect(added.args[1]).toBe("Add");
    await simulator.call("PUT", managerPaths.dismissSystemEvent(raised.body.id));
    const updated = await eventually(() => hub.messages.find((message) => message.args[1] === "Update"));
    expect(SystemEventSchema.parse(updated.args[0]).isDismissed).toBe(true);
  });
});

describe("appCustomizationHub", () => {
  it("pushes updated on create and removed on delete", async () => {
    const hub = await listen("appCustomizationHub");
    const created = await simulator.call("POST", managerPaths.appCustomization(), {
      body: {
        isActive: true,
        logo: null,
        backgroundColor: "003746",
        highlightColor: "0096D6",
        fontColor: "light",
        onboardings: [],
      },
    });
    const updated = await received(hub, hubMessages.appCustomizationHub.updated);
    expect(AppCustomizationSchema.parse(updated.args[0]).id).toBe(created.body.id);
    await simulator.call("DELETE", managerPaths.appCustomizationById(created.body.id));
    const removed = await received(hub, hubMessages.appCustomizationHub.removed);
    expect(removed.args).toEqual([]);
  });
});

describe("updaterHub", () => {
  it("pushes UpdateMetadataChanged on a sync and FirmwareChanged when an update starts", async () => {
    const hub = await listen("updaterHub");
    await simulator.call("PUT", managerPaths.syncUpdateMetadata());
    const metadata = await received(hub, hubMessages.updaterHub.updateMetadataChanged);
    expect(UpdateMetadataSchema.parse(metadata.args[0]).lastFirmwareUpdateCheckTime).not.toBeNull();
    await simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", "mcs-200-6.10.0"), {
      body: { eulaAccepted: true },
    });
    const firmware = await received(hub, hubMessages.updaterHub.firmwareChanged);
    expect(FirmwareInfoSchema.parse(firmware.args[0])).toMatchObject({
      serialNumber: "MCS-0042",
      targetVersion: "6.10.0",
    });
    expect(firmware.args[1]).toBe("Update");
  });
});

describe("hub test controls", () => {
  it("drops connections (the client reconnects) and refuses tokens while invalidToken is on", async () => {
    const hub = await listen("stationsHub");
    let reconnected = false;
    hub.connection.onreconnected(() => {
      reconnected = true;
    });
    await simulator.control("/hubs", { action: "drop" });
    await eventually(() => reconnected);
    expect(hub.connection.state).toBe(HubConnectionState.Connected);

    await simulator.control("/faults", { invalidToken: true });
    await expect(listen("statisticsHub")).rejects.toThrow(/401/);
  });
});
