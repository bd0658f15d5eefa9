import { describe, expect, it } from "vitest";
import { defaultFleet } from "../../simulator/seed/default-fleet";
import { seededRandom } from "../../simulator/fleet/ids";
import type { Station } from "~/contract/stations";
import { backupHeader, backupStationOf, type BackupOptions, type VenueBackup } from "~/domain/venue-backup";
import { readBackupFile, type ReadRequest } from "~/venue-backup/read-backup";

const stations = defaultFleet(seededRandom(7), new Date("2026-01-01T00:00:00Z")).stations.map(
  (record) => record.station,
);
const mainHall = stations.find((station) => station.serialNumber === "MCS-0042")!;

function backupOf(list: Station[], options: BackupOptions): VenueBackup {
  return {
    ...backupHeader(
      options,
      {
        systemSettings: { dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "" } },
        appCustomization: null,
      },
      new Date("2026-11-26T06:00:00Z"),
    ),
    stations: list.map((station) => backupStationOf(station, options)),
  };
}

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const everything = (backup: { stations: { serialNumber: string }[] }): ReadRequest => ({
  wanted: backup.stations.map((station) => station.serialNumber),
  missingPage: { skip: 0, take: 20 },
});
const read = (backup: VenueBackup) => readBackupFile(bytes(backup), everything(backup));
/** The refusals of one station's setting, as the preview shows them. */
function refusalsOf(backup: VenueBackup, key: string) {
  const result = read(backup);
  if (!result.ok) throw new Error(`the file was refused: ${result.problem}`);
  return result.stations[0]!.refusals[key];
}

describe("reading a venue backup for a restore", () => {
  it("reads back what the download wrote: every setting, as the Manager holds it", () => {
    const backup = backupOf(
      stations.filter((station) => station.authorization.isAuthorized),
      { withPins: true, withNetwork: true },
    );
    const result = read(backup);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.stationCount).toBe(backup.stations.length);
    const station = result.stations.find((entry) => entry.serialNumber === "MCS-0042")!;
    expect(station.refusals).toEqual({});
    expect(station).toMatchObject({
      name: "Main Hall",
      noiseGate: { thresholdDb: -55 },
      network: { controlNetworkInterface: { mode: "Static", ip: "10.10.20.42", searchDomains: ["venue.local"] } },
    });
    expect(station.channels.map((channel) => [channel.index, channel.details?.name, channel.pinCode])).toEqual([
      [1, "Main Hall – English", null],
      [2, "Main Hall – Deutsch", "482913"],
    ]);
  });

  it("returns only the stations the venue can take; the others are a count and one page of names", () => {
    const backup = backupOf(stations, { withPins: false, withNetwork: false });
    const others = Array.from({ length: 45 }, (_, index) => ({
      ...backup.stations[0]!,
      serialNumber: `GONE-${index}`,
      name: `Gone ${index}`,
    }));
    const file = { ...backup, stations: [...backup.stations, ...others] };
    const result = readBackupFile(bytes(file), { wanted: ["MCS-0042", "GONE-3"], missingPage: { skip: 20, take: 20 } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.stationCount).toBe(stations.length + 45);
    expect(result.stations.map((station) => station.serialNumber)).toEqual(["MCS-0042", "GONE-3"]);
    expect(result.missing.count).toBe(stations.length - 1 + 44);
    expect(result.missing.page).toHaveLength(20);
    expect(result.missing.page[0]).toMatchObject({ type: backup.stations[0]!.type });
  });

  it("tells a file that is not text, not JSON, not a backup, of another version or broken in its shape", () => {
    const backup = backupOf([mainHall], { withPins: false, withNetwork: false });
    const request = everything(backup);
    expect(readBackupFile(new Uint8Array([0xff, 0xfe, 0x00]), request)).toMatchObject({ problem: "notText" });
    expect(readBackupFile(bytes("{ not json"), request)).toMatchObject({ problem: "notJson" });
    expect(readBackupFile(bytes({ stations: [] }), request)).toMatchObject({ problem: "notBackup" });
    expect(readBackupFile(bytes("[]"), request)).toMatchObject({ problem: "notBackup" });
    expect(readBackupFile(bytes({ ...backup, version: 2 }), request)).toMatchObject({
      problem: "otherVersion",
      detail: "2",
    });
    const noChannels = structuredClone(backup) as unknown as { stations: Record<string, unknown>[] };
    noChannels.stations[0]!.channels = "none";
    expect(readBackupFile(bytes(noChannels), request)).toMatchObject({
      problem: "malformed",
      detail: "stations[0].channels",
    });
    const hiddenSerialNumber = structuredClone(backup);
    hiddenSerialNumber.stations[0]!.serialNumber = "MCS-0042\u200b";
    expect(readBackupFile(bytes(hiddenSerialNumber), request)).toMatchObject({
      problem: "malformed",
      detail: "stations[0].serialNumber",
    });
  });

  it("refuses more stations than the schema allows, and a serial number named twice", () => {
    const one = backupOf([mainHall], { withPins: false, withNetwork: false });
    const many = { ...one, stations: Array.from({ length: 10_001 }, () => one.stations[0]!) };
    expect(readBackupFile(bytes(many), everything(one))).toMatchObject({ problem: "tooManyStations", detail: "10000" });
    const twice = backupOf([mainHall, mainHall], { withPins: false, withNetwork: false });
    expect(readBackupFile(bytes(twice), everything(twice))).toMatchObject({
      problem: "serialNumberTwice",
      detail: "MCS-0042",
    });
  });

  it("refuses a file that holds PINs or network settings it says it does not hold", () => {
    const withPins = backupOf([mainHall], { withPins: true, withNetwork: false });
    expect(readBackupFile(bytes({ ...withPins, holdsSecrets: false }), everything(withPins))).toMatchObject({
      problem: "claimContradicted",
      detail: "holdsSecrets",
    });
    const withNetwork = backupOf([mainHall], { withPins: false, withNetwork: true });
    expect(
      readBackupFile(bytes({ ...withNetwork, includesNetworkSettings: false }), everything(withNetwork)),
    ).toMatchObject({ problem: "claimContradicted", detail: "includesNetworkSettings" });
  });

  it("refuses each value the forms refuse, at its setting, with the forms' messages", () => {
    const base = () => structuredClone(backupOf([mainHall], { withPins: true, withNetwork: true }));
    const hidden = base();
    hidden.stations[0]!.name = "Main\u200bHall";
    expect(refusalsOf(hidden, "name")).toEqual([{ field: "name", message: "common:validation.hiddenCharacters" }]);
    const bidi = base();
    bidi.stations[0]!.channels[0]!.name = "English \u202e";
    expect(refusalsOf(bidi, "channelDetails.1")).toEqual([
      { field: "name", message: "common:validation.hiddenCharacters" },
    ]);
    const nul = base();
    nul.stations[0]!.channels[1]!.group = "Main\u0000Hall";
    expect(refusalsOf(nul, "channelDetails.2")).toEqual([
      { field: "group", message: "common:validation.hiddenCharacters" },
    ]);
    const address = base();
    address.stations[0]!.network!.controlNetworkInterface.ip = "999.1.1.1";
    expect(refusalsOf(address, "network")).toEqual([
      { field: "controlNetworkInterface.ip", message: "stations:validation.ipInvalid" },
    ]);
    const manager = base();
    manager.stations[0]!.dnsDiscovery = { useDnsDiscovery: true, managerIpAddress: "999.1.1.1" };
    expect(refusalsOf(manager, "dnsDiscovery")).toEqual([
      { field: "managerIpAddress", message: "stations:components.dnsConfigCard.errors.ipInvalid" },
    ]);
    const quiet = base();
    quiet.stations[0]!.noiseGate.thresholdDb = -120;
    expect(refusalsOf(quiet, "noiseGate")).toEqual([
      { field: "thresholdDb", message: "stations:validation.noiseGateInvalid" },
    ]);
    const pin = base();
    pin.stations[0]!.channels[0]!.pinCode = "12ab56";
    expect(refusalsOf(pin, "channelPin.1")).toEqual([{ field: "pinCode", message: "stations:validation.pinInvalid" }]);
    // The other settings of the station are still read.
    const result = read(quiet);
    expect(result.ok && result.stations[0]!.name).toBe("Main Hall");
  });

  it("reads values as the Manager stores them: names trimmed, search domains split, a dynamic interface without addresses", () => {
    const backup = structuredClone(backupOf([mainHall], { withPins: false, withNetwork: true }));
    const station = backup.stations[0]!;
    station.name = "  Main Hall  ";
    station.network!.controlNetworkInterface.searchDomains = ["a.example,b.example"];
    Object.assign(station.network!.streamingNetworkInterface, { mode: "Dynamic", ip: "not-an-ip" });
    const result = read(backup);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [checked] = result.stations;
    expect(checked!.refusals).toEqual({});
    expect(checked!.name).toBe("Main Hall");
    expect(checked!.network!.controlNetworkInterface.searchDomains).toEqual(["a.example", "b.example"]);
    expect(checked!.network!.streamingNetworkInterface).toMatchObject({ mode: "Dynamic", ip: "", netmask: "" });
  });
});
