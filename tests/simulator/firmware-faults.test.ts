// Firmware updates as the fleet's rollouts see them: how long they take, every way one can end
// (set per station through the test controls), the Update call counter and the listener counts
// a rollout waits on. Every wait follows the updater or stations hub's pushes.
import { afterEach, describe, expect, it } from "vitest";
import { hubMessages } from "../../app/contract/hubs";
import { managerPaths } from "../../app/contract/paths";
import { StationSchema } from "../../app/contract/stations";
import { updateStatus } from "../../app/contract/enums";
import { FirmwareInfoSchema, UpdateMetadataSchema, type FirmwareInfo } from "../../app/contract/firmware";
import { problemTypes } from "../../app/contract/problems";
import { compareVersions } from "../../app/domain/firmware";
import { firmwarePlan, realisticUpdateMs, type FirmwarePlan } from "../../simulator/firmware/plan";
import { upgradeStoredStation } from "../../simulator/store/upgrade";
import { listenToHub, type HubListener, type RecordedMessage } from "../support/hub-client";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "on demand");
const hubs: HubListener[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
});

const firmwareChanged = hubMessages.updaterHub.firmwareChanged;

async function listen(hub: "updaterHub" | "stationsHub") {
  const targets =
    hub === "updaterHub"
      ? [firmwareChanged]
      : [hubMessages.stationsHub.stationChanged, hubMessages.stationsHub.channelChanged];
  const listener = await listenToHub(simulator.managerUrl, hub, targets, () => simulator.tokenFor("Admin"));
  hubs.push(listener);
  return listener;
}

async function firmwareId(version: string) {
  const metadata = UpdateMetadataSchema.parse((await simulator.call("GET", managerPaths.updateMetadata())).body);
  return metadata.updateMetadata["2"]!.find((firmware) => firmware.version === version)!.id;
}

async function startUpdate(serialNumber: string, version = "6.10.0") {
  const answer = await simulator.call(
    "PUT",
    managerPaths.startFirmwareUpdate(serialNumber, await firmwareId(version)),
    {
      body: { eulaAccepted: true },
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
}

const infoOf = (message: RecordedMessage) => FirmwareInfoSchema.parse(message.args[0]);

/** The first FirmwareChanged of the station that matches, pushed already or still to come. */
function pushed(updater: HubListener, serialNumber: string, matches: (info: FirmwareInfo) => boolean) {
  return updater
    .waitFor(
      (message) =>
        message.target === firmwareChanged && infoOf(message).serialNumber === serialNumber && matches(infoOf(message)),
    )
    .then(infoOf);
}

const reaches = (updater: HubListener, serialNumber: string, status: number) =>
  pushed(updater, serialNumber, (info) => info.status === status);

/** The statuses the updater hub pushed for the station, each once in a row. */
function statusesOf(updater: HubListener, serialNumber: string) {
  return updater.messages
    .filter((message) => message.target === firmwareChanged)
    .map(infoOf)
    .filter((info) => info.serialNumber === serialNumber)
    .map((info) => info.status)
    .filter((status, position, all) => all[position - 1] !== status);
}

async function stationOf(serialNumber: string) {
  return StationSchema.parse((await simulator.call("GET", managerPaths.station(serialNumber))).body);
}

async function testingOf(serialNumber: string) {
  const answer = await simulator.control(`/firmware/${serialNumber}`);
  expect(answer.status).toBe(200);
  return answer.body as {
    fault: { kind: string; offlineMs: number | null } | null;
    durationMs: number | null;
    updateCalls: number;
    updatesStarted: number;
    status: string;
    currentVersion: string;
    isOnline: boolean;
  };
}

const { Downloading, Verifying, Applying, Rebooting, RebootingAfterUpdate, Current } = updateStatus;

describe("how long an update takes", () => {
  const total = (plan: FirmwarePlan) => Object.values(plan).reduce((sum, ms) => sum + ms, 0);
  const request = { firmwareId: "mcs-200-6.10.0", updateNumber: 1, needsManagerDownload: false, durationMs: null };

  it("takes about two minutes at speed 1, the same for the same update, with jitter between stations", () => {
    const plans = Array.from({ length: 50 }, (_, number) =>
      firmwarePlan({ ...request, serialNumber: `MCS-${1000 + number}` }),
    );
    for (const plan of plans) {
      expect(total(plan)).toBeGreaterThanOrEqual(realisticUpdateMs.min);
      expect(total(plan)).toBeLessThanOrEqual(realisticUpdateMs.max);
      expect(plan.downloadMs).toBeGreaterThanOrEqual(30_000);
      expect(plan.downloadMs).toBeLessThanOrEqual(60_000);
      expect(plan.rebootMs + plan.rebootAfterUpdateMs).toBeGreaterThanOrEqual(20_000);
      expect(plan.rebootMs + plan.rebootAfterUpdateMs).toBeLessThanOrEqual(40_000);
      expect(plan.managerDownloadMs).toBe(0);
    }
    expect(new Set(plans.map(total)).size).toBeGreaterThan(40);
    expect(firmwarePlan({ ...request, serialNumber: "MCS-1000" })).toEqual(plans[0]);
    expect(firmwarePlan({ ...request, serialNumber: "MCS-1000", updateNumber: 2 })).not.toEqual(plans[0]);
    expect(
      firmwarePlan({ ...request, serialNumber: "MCS-1000", needsManagerDownload: true }).managerDownloadMs,
    ).toBeGreaterThan(0);
  });

  it("takes exactly the duration the test controls set, split over the phases that run", () => {
    const plan = firmwarePlan({ ...request, serialNumber: "MCS-1000", durationMs: 12_000 });
    expect(total(plan)).toBeCloseTo(12_000, 6);
    expect(plan.downloadMs).toBeGreaterThan(plan.verifyMs);
    const withDownload = firmwarePlan({
      ...request,
      serialNumber: "MCS-1000",
      needsManagerDownload: true,
      durationMs: 12_000,
    });
    expect(total(withDownload)).toBeCloseTo(12_000, 6);
    expect(withDownload.managerDownloadMs).toBeGreaterThan(0);
  });

  it("follows the duration control, globally and per station, scaled by the clock; a reset forgets it", async () => {
    await simulator.startWith({ speed: 10 });
    const updater = await listen("updaterHub");
    // 8 s simulated at 10× is 800 ms of real time; MCS-0048 is told 4 s of its own.
    expect((await simulator.control("/firmware", { durationMs: 8_000 })).body).toMatchObject({ durationMs: 8_000 });
    expect((await simulator.control("/firmware/MCS-0048", { durationMs: 4_000 })).body).toMatchObject({
      durationMs: 4_000,
    });
    const started = Date.now();
    await startUpdate("MCS-0042");
    await startUpdate("MCS-0048");
    await reaches(updater, "MCS-0048", Current);
    const ownDuration = Date.now() - started;
    await reaches(updater, "MCS-0042", Current);
    const fleetDuration = Date.now() - started;
    // Timers fire on whole milliseconds, so a walk of many steps may end a little early.
    expect(ownDuration).toBeGreaterThanOrEqual(360);
    expect(fleetDuration).toBeGreaterThanOrEqual(720);
    expect(fleetDuration).toBeGreaterThan(ownDuration);
    expect(statusesOf(updater, "MCS-0042")).toEqual([
      Downloading,
      Verifying,
      Applying,
      Rebooting,
      RebootingAfterUpdate,
      Current,
    ]);

    await simulator.control("/seed", { reset: true });
    expect((await simulator.control("/firmware")).body).toEqual({ durationMs: null, stations: {} });
    expect((await simulator.control("/firmware", { durationMs: -1 })).status).toBe(400);
  });

  it("reports progress in steps of 10 % while downloading and applying", async () => {
    await simulator.startWith({ speed: 2_000 });
    const updater = await listen("updaterHub");
    await startUpdate("MCS-0042");
    await reaches(updater, "MCS-0042", Current);
    const progress = updater.messages
      .map(infoOf)
      .filter((info) => info.status === Downloading)
      .map((info) => info.progress);
    expect(progress).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });
});

describe("faults of a station's next update", () => {
  it("fails: UpdateFailed half way through applying, on the old version and running", async () => {
    await simulator.startWith({ speed: 2_000 });
    const updater = await listen("updaterHub");
    await simulator.control("/firmware/MCS-0042", { fault: "fails" });
    await startUpdate("MCS-0042");
    const failed = await reaches(updater, "MCS-0042", updateStatus.UpdateFailed);
    expect(failed).toMatchObject({ currentVersion: "6.2.0", targetVersion: null, progress: null });
    expect(statusesOf(updater, "MCS-0042")).toEqual([Downloading, Verifying, Applying, updateStatus.UpdateFailed]);
    expect((await stationOf("MCS-0042")).deviceState.computedState).toBe("Connected");
  });

  it("error: Error when the image does not verify, on the old version and running", async () => {
    await simulator.startWith({ speed: 2_000 });
    const updater = await listen("updaterHub");
    await simulator.control("/firmware/MCS-0042", { fault: "error" });
    await startUpdate("MCS-0042");
    const ended = await reaches(updater, "MCS-0042", updateStatus.Error);
    expect(ended.currentVersion).toBe("6.2.0");
    expect(statusesOf(updater, "MCS-0042")).toEqual([Downloading, Verifying, updateStatus.Error]);
    expect((await stationOf("MCS-0042")).deviceState.computedState).toBe("Connected");
  });

  it("rollsBack: reboots into the new firmware, then Rolledback on the old version; an update may start again", async () => {
    await simulator.startWith({ speed: 2_000 });
    const updater = await listen("updaterHub");
    await simulator.control("/firmware/MCS-0042", { fault: "rollsBack" });
    await startUpdate("MCS-0042");
    const rolledBack = await reaches(updater, "MCS-0042", updateStatus.Rolledback);
    expect(rolledBack).toMatchObject({ currentVersion: "6.2.0", targetVersion: null });
    expect(statusesOf(updater, "MCS-0042")).toEqual([
      Downloading,
      Verifying,
      Applying,
      Rebooting,
      RebootingAfterUpdate,
      updateStatus.Rolledback,
    ]);
    const station = await stationOf("MCS-0042");
    expect(station.deviceState.computedState).toBe("Connected");
    expect(station.currentFirmwareVersion).toBe("6.2.0");
    // Rolledback counts as updating (spec §4): other writes wait, an update is the way on.
    expectProblem(await simulator.call("PUT", managerPaths.reboot("MCS-0042")), 409, problemTypes.stationNotEditable);
    await startUpdate("MCS-0042");
    expect((await pushed(updater, "MCS-0042", (info) => info.currentVersion === "6.10.0")).status).toBe(Current);
  });

  it("dropsOff: off the network half way through the download, back after the time set, then Current", async () => {
    await simulator.startWith({ speed: 1_000 });
    const updater = await listen("updaterHub");
    const stations = await listen("stationsHub");
    await simulator.control("/firmware/MCS-0042", { fault: "dropsOff", offlineMs: 30_000 });
    await startUpdate("MCS-0042");
    const waiting = await reaches(updater, "MCS-0042", updateStatus.WaitingForDevice);
    expect(waiting).toMatchObject({ progress: null, targetVersion: "6.10.0" });
    const gone = await stations.waitFor((message) => {
      const station = StationSchema.parse(message.args[0]);
      return station.serialNumber === "MCS-0042" && station.deviceState.computedState === "Disconnected";
    });
    expect(StationSchema.parse(gone.args[0]).audioChannels.every((channel) => channel.listenerCount === 0)).toBe(true);

    const done = await reaches(updater, "MCS-0042", Current);
    expect(done.currentVersion).toBe("6.10.0");
    expect(statusesOf(updater, "MCS-0042")).toEqual([
      Downloading,
      updateStatus.WaitingForDevice,
      Downloading,
      Verifying,
      Applying,
      Rebooting,
      RebootingAfterUpdate,
      Current,
    ]);
    // The download started over when the station came back.
    const afterReturn = updater.messages.map(infoOf).slice(statusesIndex(updater, updateStatus.WaitingForDevice) + 1);
    expect(afterReturn[0]).toMatchObject({ status: Downloading, progress: 0 });
    expect((await stationOf("MCS-0042")).deviceState.computedState).toBe("Connected");
  });

  it("neverReturns: off the network half way through the download for good; the station can still be deleted", async () => {
    await simulator.startWith({ speed: 2_000 });
    const updater = await listen("updaterHub");
    await simulator.control("/firmware/MCS-0042", { fault: "neverReturns" });
    await startUpdate("MCS-0042");
    await reaches(updater, "MCS-0042", updateStatus.WaitingForDevice);
    // Nothing is left to happen: no timer of the simulated clock is pending.
    expect((await simulator.control("/state")).body.clock.pendingTimers).toBe(0);
    expect(await testingOf("MCS-0042")).toMatchObject({ status: "WaitingForDevice", isOnline: false });
    expect((await stationOf("MCS-0042")).deviceState.computedState).toBe("Disconnected");
    expect((await simulator.call("DELETE", managerPaths.station("MCS-0042"))).status).toBeLessThan(300);
  });

  it("is used up by one update, can be cleared, and survives a restart", async () => {
    await simulator.startWith({ speed: 2_000 });
    let updater = await listen("updaterHub");
    await simulator.control("/firmware/MCS-0042", { fault: "fails" });
    expect((await testingOf("MCS-0042")).fault).toEqual({ kind: "fails", offlineMs: null });
    await startUpdate("MCS-0042");
    await reaches(updater, "MCS-0042", updateStatus.UpdateFailed);
    expect((await testingOf("MCS-0042")).fault).toBeNull();
    await startUpdate("MCS-0042");
    expect((await pushed(updater, "MCS-0042", (info) => info.currentVersion === "6.10.0")).status).toBe(Current);

    await simulator.control("/firmware/MCS-0048", { fault: "error" });
    expect((await simulator.control("/firmware/MCS-0048", { fault: null })).body.fault).toBeNull();
    await startUpdate("MCS-0048");
    await reaches(updater, "MCS-0048", Current);

    await simulator.control("/firmware/MCS-0044", { fault: "rollsBack" });
    await updater.stop();
    await simulator.restart();
    updater = await listen("updaterHub");
    await startUpdate("MCS-0044");
    await reaches(updater, "MCS-0044", updateStatus.Rolledback);
  });

  it("refuses faults it does not know, offlineMs without dropsOff, and unknown stations", async () => {
    await simulator.startWith();
    expect((await simulator.control("/firmware/MCS-0042", { fault: "explodes" })).status).toBe(400);
    expect((await simulator.control("/firmware/MCS-0042", { fault: "fails", offlineMs: 5 })).status).toBe(400);
    expect((await simulator.control("/firmware/MCS-0042", { surprise: true })).status).toBe(400);
    expect((await simulator.control("/firmware/MCS-9999", { fault: "fails" })).status).toBe(404);
  });
});

function statusesIndex(updater: HubListener, status: number) {
  return updater.messages.map(infoOf).findIndex((info) => info.status === status);
}

describe("the Update call counter", () => {
  it("counts every Update call that reaches a station, accepted or refused, and a reseed starts over", async () => {
    await simulator.startWith({ speed: 2_000 });
    const updater = await listen("updaterHub");
    const id = await firmwareId("6.10.0");
    const update = (body: unknown, as: "Admin" | "Moderator" = "Admin") =>
      simulator.call("PUT", managerPaths.startFirmwareUpdate("MCS-0042", id), { body, as });
    expect((await update({ eulaAccepted: true })).status).toBe(202);
    // A second call while updating is refused, and still counted: it was sent.
    expectProblem(await update({ eulaAccepted: true }), 409, problemTypes.stationNotEditable);
    expectProblem(await update({ eulaAccepted: false }), 400, problemTypes.validation);
    // A caller without the permission never reaches the station.
    expectProblem(await update({ eulaAccepted: true }, "Moderator"), 403, problemTypes.forbidden);
    await reaches(updater, "MCS-0042", Current);

    expect(await testingOf("MCS-0042")).toMatchObject({ updateCalls: 3, updatesStarted: 1 });
    expect(await testingOf("MCS-0043")).toMatchObject({ updateCalls: 0, updatesStarted: 0 });
    const { firmware } = (await simulator.control("/state")).body;
    expect(firmware.stations).toEqual({
      "MCS-0042": { fault: null, durationMs: null, updateCalls: 3, updatesStarted: 1 },
    });

    await simulator.restart();
    expect(await testingOf("MCS-0042")).toMatchObject({ updateCalls: 3, updatesStarted: 1 });
    await simulator.control("/seed", { stations: 20 });
    expect(await testingOf("MCS-0042")).toMatchObject({ updateCalls: 0, updatesStarted: 0 });
  });
});

describe("listeners a rollout waits for", () => {
  it("sets and removes a channel's listeners, pushed as the station's and the channel's listenerCount", async () => {
    await simulator.startWith();
    const stations = await listen("stationsHub");
    expect((await stationOf("MCS-0042")).audioChannels.map((channel) => channel.listenerCount)).toEqual([14, 3]);

    const set = await simulator.control("/stations/MCS-0042/listeners", { count: 7, channelIndex: 2 });
    expect(set.body.channels).toEqual([
      { index: 1, listenerCount: 14 },
      { index: 2, listenerCount: 7 },
    ]);
    await stations.waitFor(
      (message) =>
        message.target === hubMessages.stationsHub.channelChanged &&
        (message.args[0] as { index: number; listenerCount: number; stationSerialNumber: string }).listenerCount === 7,
    );

    await simulator.control("/stations/MCS-0042/listeners", { count: 0 });
    const emptied = await stations.waitFor((message) => {
      if (message.target !== hubMessages.stationsHub.stationChanged) return false;
      const station = StationSchema.parse(message.args[0]);
      return (
        station.serialNumber === "MCS-0042" && station.audioChannels.every((channel) => channel.listenerCount === 0)
      );
    });
    expect(StationSchema.parse(emptied.args[0]).audioChannels).toHaveLength(2);
  });

  it("sends the last to ask for the mic away first when fewer listen, and nobody listens to a station that is off", async () => {
    await simulator.startWith();
    const moderation = await simulator.call("GET", managerPaths.moderation());
    const speakersBefore = moderation.body.find(
      (channel: { stationSerialNumber: string }) => channel.stationSerialNumber === "MCS-0043",
    ).speakers;
    expect(speakersBefore.map((speaker: { displayName: string }) => speaker.displayName)).toEqual([
      "Anna Keller",
      "Ben Moreau",
      "Chloé Dubois",
    ]);
    await simulator.control("/stations/MCS-0043/listeners", { count: 2 });
    const after = (await simulator.call("GET", managerPaths.moderation())).body.find(
      (channel: { stationSerialNumber: string }) => channel.stationSerialNumber === "MCS-0043",
    );
    expect(after.speakers.map((speaker: { displayName: string }) => speaker.displayName)).toEqual([
      "Anna Keller",
      "Ben Moreau",
    ]);
    expect(after.listenerCount).toBe(2);

    expect((await simulator.control("/stations/MCS-0045/listeners", { count: 3 })).status).toBe(409);
    expect((await simulator.control("/stations/MCS-0045/listeners", { count: 0 })).status).toBe(200);
    expect((await simulator.control("/stations/MCS-0042/listeners", { count: 1, channelIndex: 9 })).status).toBe(404);
    expect((await simulator.control("/stations/MCS-0042/listeners", { count: -1 })).status).toBe(400);
  });
});

describe("a fleet to roll out to", () => {
  it("has, in a generated fleet, running stations of each firmware behind the newest, many without listeners", async () => {
    await simulator.startWith({ seedStations: 300 });
    const metadata = UpdateMetadataSchema.parse((await simulator.call("GET", managerPaths.updateMetadata())).body);
    expect(Object.keys(metadata.updateMetadata).sort()).toEqual(["1", "2"]);
    const list = (await simulator.call("GET", `${managerPaths.stations()}?skip=0&take=300`)).body;
    const stations = list.stations.map((station: unknown) => StationSchema.parse(station));
    const running = stations.filter(
      (station: { type: number; deviceState: { computedState: string } }) =>
        station.type === 2 && station.deviceState.computedState === "Connected",
    );
    const behind = running.filter(
      (station: { currentFirmwareVersion: string; latestFirmwareVersion: string | null }) =>
        compareVersions(station.currentFirmwareVersion, station.latestFirmwareVersion!) < 0,
    );
    const idle = behind.filter((station: { audioChannels: { listenerCount: number }[] }) =>
      station.audioChannels.every((channel) => channel.listenerCount === 0),
    );
    expect(behind.length).toBeGreaterThan(running.length / 2);
    expect(
      new Set(behind.map((station: { currentFirmwareVersion: string }) => station.currentFirmwareVersion)).size,
    ).toBeGreaterThanOrEqual(3);
    expect(idle.length).toBeGreaterThan(behind.length / 4);
    expect(idle.length).toBeLessThan(behind.length);
    expect(
      stations.filter(
        (station: { deviceState: { computedState: string } }) => station.deviceState.computedState === "UpdateRequired",
      ).length,
    ).toBeGreaterThan(1);
  });
});

describe("data of an older simulator", () => {
  it("gets the firmware test fields, and an update under way keeps its fault", () => {
    const record = {
      station: { serialNumber: "MCS-0042" },
      failNextUpdate: true,
      activity: { kind: "firmwareUpdate", firmwareId: "mcs-200-6.10.0", targetVersion: "6.10.0", willFail: true },
    } as unknown as Parameters<typeof upgradeStoredStation>[0];
    const upgraded = upgradeStoredStation(record);
    expect(upgraded.firmwareTesting).toEqual({
      fault: { kind: "fails", offlineMs: null },
      durationMs: null,
      updateCalls: 0,
      updatesStarted: 0,
    });
    expect(upgraded.activity).toMatchObject({ fault: { kind: "fails" }, plan: { applyMs: expect.any(Number) } });
    expect(upgraded).not.toHaveProperty("failNextUpdate");
  });
});
