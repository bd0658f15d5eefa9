import { describe, expect, it } from "vitest";
import { defaultFleet } from "../../simulator/seed/default-fleet";
import { seededRandom } from "../../simulator/fleet/ids";
import type { Station } from "~/contract/stations";
import { backupHeader, backupStationOf, readBackup, type BackupOptions, type VenueBackup } from "~/domain/venue-backup";

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

describe("the venue backup document", () => {
  it("reads back what was written (a round trip through JSON)", () => {
    const backup = backupOf(
      stations.filter((station) => station.authorization.isAuthorized),
      { withPins: true, withNetwork: true },
    );
    const read = readBackup(JSON.stringify(backup));
    expect(read).toEqual({ ok: true, backup });
  });

  it("holds PINs only when chosen, and then says it holds secrets", () => {
    const without = backupOf([mainHall], { withPins: false, withNetwork: false });
    expect(without.holdsSecrets).toBe(false);
    expect(without.stations[0]!.channels.every((channel) => !("pinCode" in channel))).toBe(true);
    expect(without.stations[0]!.network).toBeUndefined();
    const withPins = backupOf([mainHall], { withPins: true, withNetwork: false });
    expect(withPins.holdsSecrets).toBe(true);
    expect(withPins.stations[0]!.channels.map((channel) => channel.pinCode)).toEqual([null, "482913"]);
  });

  it("tells a file that is not JSON, not a backup, of another version or outside the contract", () => {
    const backup = backupOf([mainHall], { withPins: false, withNetwork: false });
    expect(readBackup("{ not json")).toMatchObject({ ok: false, problem: "notJson" });
    expect(readBackup(JSON.stringify({ stations: [] }))).toMatchObject({ ok: false, problem: "notBackup" });
    expect(readBackup("[]")).toMatchObject({ ok: false, problem: "notBackup" });
    expect(readBackup(JSON.stringify({ ...backup, version: 2 }))).toMatchObject({
      ok: false,
      problem: "otherVersion",
      version: 2,
    });
    const tooQuiet = structuredClone(backup);
    tooQuiet.stations[0]!.noiseGate.thresholdDb = -120;
    const read = readBackup(JSON.stringify(tooQuiet));
    expect(read).toMatchObject({ ok: false, problem: "outsideContract" });
    expect(read.ok ? "" : read.issues).toContain("stations.0.noiseGate.thresholdDb");
    const badPin = structuredClone(backupOf([mainHall], { withPins: true, withNetwork: false }));
    badPin.stations[0]!.channels[0]!.pinCode = "12ab56";
    expect(readBackup(JSON.stringify(badPin))).toMatchObject({ ok: false, problem: "outsideContract" });
  });

  it("refuses a serial number named twice", () => {
    const backup = backupOf([mainHall, mainHall], { withPins: false, withNetwork: false });
    expect(readBackup(JSON.stringify(backup))).toMatchObject({ ok: false, problem: "outsideContract" });
  });
});
