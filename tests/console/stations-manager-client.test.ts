// The stations screens' Manager calls against the built-in simulator: the wire contract, the
// typed errors the screens handle themselves, and calls that must be harmless twice.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acceptStation, rejectStation, resetRejectedStations } from "~/manager/authorization.server";
import { downloadQrCode, setChannelPin, setTestTone, updateAudioChannel } from "~/manager/channels.server";
import { getFirmwareInfo, getUpdateMetadata, startFirmwareUpdate, syncUpdateMetadata } from "~/manager/firmware.server";
import { isManagerError, type ManagerClient } from "~/manager/http.server";
import { currentFingerprintOf, isStationNotReady, notEditableReasonOf } from "~/route-helpers/manager-failures.server";
import { listStationEvents } from "~/manager/station-events.server";
import {
  getStation,
  listStations,
  rebootStation,
  removeStation,
  renameStation,
  updateNetworkSettings,
  updateStationConfiguration,
} from "~/manager/stations.server";
import { toUpdateAudioChannel } from "~/domain/channel-forms";
import { managerClientAs, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "whole file");
let manager: ManagerClient;

beforeAll(async () => {
  manager = await managerClientAs(simulator, "Admin");
});
beforeEach(async () => {
  expect((await simulator.control("/seed", { reset: true })).status).toBe(200);
});

async function caught(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("the stations list", () => {
  it("is searched, sorted and paged by the Manager", async () => {
    const page = await listStations(manager, { skip: 0, take: 3, sortBy: "firmwareVersion", sortDirection: "desc" });
    expect(page.stations.map((station) => station.currentFirmwareVersion)).toEqual(["6.10.0", "6.10.0", "6.2.0.1"]);
    expect(page.visibleStationsCount).toBe(9);
    expect(page.rejectedStationsCount).toBe(1);
    const found = await listStations(manager, { search: "gym" });
    expect(found.stations.map((station) => station.serialNumber)).toEqual(["MCS-0012"]);
  });
});

describe("authorization", () => {
  it("reports a changed fingerprint with the current one, which then accepts", async () => {
    const stored = (await getStation(manager, "MCS-0047")).authorization.fingerprint;
    const error = await caught(acceptStation(manager, "MCS-0047", stored));
    const current = currentFingerprintOf(error);
    expect(current).not.toBeNull();
    expect(current).not.toBe(stored);
    expect((await getStation(manager, "MCS-0047")).authorization.fingerprint).toBe(current);
    await acceptStation(manager, "MCS-0047", current!);
    // A second Accept (a double submit) is harmless.
    expect((await acceptStation(manager, "MCS-0047", current!)).authorization.isAuthorized).toBe(true);
  });

  it("refuses a station still getting ready", async () => {
    const fingerprint = (await getStation(manager, "MCS-0046")).authorization.fingerprint;
    expect(isStationNotReady(await caught(acceptStation(manager, "MCS-0046", fingerprint)))).toBe(true);
  });

  it("rejects and clears the rejected stations", async () => {
    await rejectStation(manager, "MCS-0046");
    expect((await listStations(manager, {})).rejectedStationsCount).toBe(2);
    await resetRejectedStations(manager);
    expect((await listStations(manager, {})).rejectedStationsCount).toBe(0);
  });
});

describe("station commands", () => {
  it("renames, saves configuration and network settings", async () => {
    expect((await renameStation(manager, "MCS-0042", "Grand Hall")).name).toBe("Grand Hall");
    const configured = await updateStationConfiguration(manager, "MCS-0042", { noiseGate: { thresholdDb: -35 } });
    expect(configured.configuration.noiseGate.thresholdDb).toBe(-35);
    const station = await getStation(manager, "MCS-0042");
    const settings = {
      mode: "Static" as const,
      ip: "10.10.20.142",
      netmask: "255.255.255.0",
      gateway: "",
      dns1: "10.10.20.1",
      dns2: "",
      dns3: "",
      searchDomains: ["venue.local"],
      fqdn: "",
    };
    const updated = await updateNetworkSettings(manager, "MCS-0042", {
      controlNetworkInterface: settings,
      streamingNetworkInterface: { ...settings, mode: "Dynamic", ip: station.state.streamingNetworkInterface.ip },
    });
    expect(updated.configuration.controlNetworkInterface.ip).toBe("10.10.20.142");
  });

  it("says why a station cannot be changed now", async () => {
    await rebootStation(manager, "MCS-0042");
    expect(notEditableReasonOf(await caught(renameStation(manager, "MCS-0042", "x")))).toEqual({ reason: "rebooting" });
    expect(notEditableReasonOf(await caught(rebootStation(manager, "MCS-0044")))?.reason).toBe("rebooting");
  });

  it("removing a station twice is harmless", async () => {
    await removeStation(manager, "MCS-0042");
    await removeStation(manager, "MCS-0042");
    expect(isManagerError(await caught(getStation(manager, "MCS-0042")), "notFound")).toBe(true);
  });
});

describe("channels", () => {
  it("regenerates access, sets the PIN and the test tone, and serves the QR code", async () => {
    const channel = (await getStation(manager, "MCS-0042")).audioChannels[0]!;
    const station = await updateAudioChannel(
      manager,
      "MCS-0042",
      toUpdateAudioChannel(channel, null, { regenerateAccess: true }),
    );
    expect(station.audioChannels[0]!.channelId).not.toBe(channel.channelId);
    expect((await setChannelPin(manager, "MCS-0042", 1, "123456")).pinCode).toBe("123456");
    expect((await setChannelPin(manager, "MCS-0042", 1, "")).pinCode).toBeNull();
    expect(await setTestTone(manager, "MCS-0042", 1, true)).toEqual({ playing: true });
    const png = await downloadQrCode(manager, "MCS-0042", 1, "png");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toContain("MCS-0042-channel-1-qrcode.png");
    await png.arrayBuffer();
  });
});

describe("firmware", () => {
  it("reads a station's firmware and the metadata, and starts an update", async () => {
    expect(await getFirmwareInfo(manager, "MCS-0042")).toMatchObject({ currentVersion: "6.2.0", status: 1 });
    expect((await getUpdateMetadata(manager)).updateMetadata["2"]?.map((release) => release.version)).toContain(
      "6.10.0",
    );
    const started = await startFirmwareUpdate(manager, "MCS-0042", "mcs-200-6.10.0");
    expect(started.targetVersion).toBe("6.10.0");
    expect(isManagerError(await caught(getFirmwareInfo(manager, "MCS-9999")), "notFound")).toBe(true);
  });

  it("syncs the metadata (PUT then GET), and answers noInternet without a connection", async () => {
    expect((await syncUpdateMetadata(manager)).lastFirmwareUpdateCheckTime).not.toBeNull();
    expect((await simulator.control("/faults", { noInternet: true })).status).toBe(200);
    expect(isManagerError(await caught(syncUpdateMetadata(manager)), "noInternet")).toBe(true);
  });
});

describe("a station's events", () => {
  it("lists only the station's events, newest first, paged", async () => {
    const { systemEvents, totalSystemEventCount } = await listStationEvents(manager, "MCS-0042", { skip: 0, take: 10 });
    expect(totalSystemEventCount).toBe(1);
    expect(systemEvents.every((event) => event.stationSerialNumber === "MCS-0042")).toBe(true);
  });
});
