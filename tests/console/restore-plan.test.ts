import { describe, expect, it } from "vitest";
import { defaultFleet } from "../../simulator/seed/default-fleet";
import { seededRandom } from "../../simulator/fleet/ids";
import { refreshStation } from "../../simulator/fleet/derive";
import type { Station } from "~/contract/stations";
import { updateStatus } from "~/contract/values";
import { backupHeader, backupStationOf, type BackupStation, type CheckedStation } from "~/domain/venue-backup";
import {
  channelOrderAfter,
  hasChanges,
  isShown,
  notRestorableReason,
  stationItems,
  venuePlan,
  type VenueNow,
} from "~/domain/restore-plan";
import { readBackupFile } from "~/venue-backup/read-backup";

/** The default fleet as the simulator serves it (its connection states derived). */
const fleet = () =>
  defaultFleet(seededRandom(7), new Date("2026-01-01T00:00:00Z")).stations.map((record) => {
    refreshStation(
      record,
      () => null,
      () => undefined,
    );
    return record.station;
  });
const find = (stations: Station[], serialNumber: string) =>
  stations.find((station) => station.serialNumber === serialNumber)!;
const options = { withPins: true, withNetwork: true };

/** Stations of a backup file, read as a restore reads them. */
function checked(...entries: BackupStation[]): CheckedStation[] {
  const file = {
    ...backupHeader(
      options,
      {
        systemSettings: { dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "" } },
        appCustomization: null,
      },
      new Date(),
    ),
    stations: entries,
  };
  const read = readBackupFile(new TextEncoder().encode(JSON.stringify(file)), {
    wanted: entries.map((entry) => entry.serialNumber),
    missingPage: { skip: 0, take: 0 },
  });
  if (!read.ok) throw new Error(`refused: ${read.problem}`);
  return read.stations;
}
const backupOf = (station: Station) => backupStationOf(station, options);

describe("the restore plan", () => {
  it("finds nothing to change on the station the backup was taken of", () => {
    const mainHall = find(fleet(), "MCS-0042");
    const [backup] = checked(backupOf(mainHall));
    expect(stationItems(backup!, mainHall).items.filter(isShown)).toEqual([]);
  });

  it("finds nothing to change once values are as the Manager stores them (spaces, search domains, a dynamic address)", () => {
    const mainHall = find(fleet(), "MCS-0042");
    const file = structuredClone(backupOf(mainHall));
    file.name = ` ${file.name} `;
    file.network!.controlNetworkInterface.searchDomains = ["venue.local,"];
    file.network!.streamingNetworkInterface.ip = "not-an-ip";
    expect(mainHall.configuration.streamingNetworkInterface.mode).toBe("Dynamic");
    const [backup] = checked(file);
    expect(stationItems(backup!, mainHall).items.filter(isShown)).toEqual([]);
  });

  it("names each changed setting with its old and new value, in saving order", () => {
    const mainHall = find(fleet(), "MCS-0042");
    const [backup] = checked(backupOf(mainHall));
    const changed = structuredClone(mainHall);
    changed.name = "Renamed";
    changed.configuration.noiseGate.thresholdDb = -30;
    changed.audioChannels[1]!.pinCode = null;
    const items = stationItems(backup!, changed).items.filter(hasChanges);
    expect(items.map((entry) => entry.key)).toEqual(["name", "noiseGate", "channelPin.2"]);
    expect(items[0]!.changes).toEqual([{ field: "name", old: "Renamed", new: "Main Hall" }]);
    expect(items[1]!.changes).toEqual([{ field: "thresholdDb", old: -30, new: -55 }]);
    expect(items[2]!.changes).toEqual([{ field: "pinCode", old: null, new: null, secret: true }]);
  });

  it("writes what a new streaming mode resets after it, whole, and nothing else it does not change", () => {
    const stations = fleet();
    const mainHall = find(stations, "MCS-0042");
    const file = backupOf(mainHall);
    file.useCaseMode = 1;
    const [backup] = checked(file);
    const { items, modeChange } = stationItems(backup!, mainHall);
    expect(modeChange).toBe(true);
    const shown = items.filter(isShown);
    expect(shown.map((entry) => [entry.key, entry.afterModeChange ?? false])).toEqual([
      ["audioMode", false],
      ["audioEncoder", true],
      ["channelDetails.1", true],
      ["channelPin.1", true],
      ["channelQueue.1", true],
      ["channelDetails.2", true],
      ["channelPin.2", true],
      ["channelQueue.2", true],
    ]);
    // Every field of a reset setting, with the backup's value.
    expect(shown[2]!.changes).toContainEqual({ field: "name", old: null, new: "Main Hall – English" });
  });

  it("shows a refused value at its setting, with no change to write", () => {
    const mainHall = find(fleet(), "MCS-0042");
    const file = backupOf(mainHall);
    file.name = "Main\u202eHall";
    const [backup] = checked(file);
    const name = stationItems(backup!, mainHall).items.find((entry) => entry.key === "name")!;
    expect(name).toMatchObject({
      changes: [],
      refusals: [{ field: "name", message: "common:validation.hiddenCharacters" }],
    });
    expect(isShown(name)).toBe(true);
  });

  it("lists missing, other-type, not running and stuck stations as not restorable, with why", () => {
    const stations = fleet();
    const mainHall = backupOf(find(stations, "MCS-0042"));
    const current = updateStatus.Current;
    expect(notRestorableReason(mainHall, undefined, current)).toEqual({ reason: "missing" });
    expect(notRestorableReason(mainHall, find(stations, "MCS-0012"), current)).toEqual({ reason: "otherType" });
    expect(notRestorableReason(mainHall, find(stations, "MCS-0045"), current)).toEqual({
      reason: "blocked",
      blockedBy: "notConnected",
    });
    expect(notRestorableReason(mainHall, find(stations, "MCS-0048"), current)).toEqual({
      reason: "blocked",
      blockedBy: "updateRequired",
    });
    // The chapel's 6.0.3 firmware reports Rebooting for ever: every write to it would be refused.
    expect(notRestorableReason(mainHall, find(stations, "MCS-0044"), updateStatus.Rebooting)).toEqual({
      reason: "blocked",
      blockedBy: "brokenReboot",
    });
    expect(notRestorableReason(mainHall, find(stations, "MCS-0043"), current)).toBeNull();
  });

  it("maps a backup station onto a replacement unit, each unit at most once", () => {
    const stations = fleet();
    const venue: VenueNow = {
      stations: new Map(stations.map((station) => [station.serialNumber, station])),
      firmwareStatus: new Map(),
    };
    const backups = checked(backupOf(find(stations, "MCS-0042")), backupOf(find(stations, "MCS-0044")));
    const plans = venuePlan(
      backups,
      venue,
      new Map([
        ["MCS-0042", "MCS-0043"],
        ["MCS-0044", "MCS-0043"],
      ]),
    );
    expect(plans.map((plan) => [plan.targetSerialNumber, plan.restorable])).toEqual([
      ["MCS-0043", true],
      ["MCS-0043", false],
    ]);
    const first = plans[0]!;
    expect(first.restorable && first.items.find((entry) => entry.key === "name")?.changes).toEqual([
      { field: "name", old: "Conference Room B", new: "Main Hall" },
    ]);
  });

  it("puts restored channels back at their positions and changes nothing the second time", () => {
    const channels = [
      { id: "a", name: "A", index: 1, sortId: 2, stationSerialNumber: "S1" },
      { id: "b", name: "B", index: 2, sortId: 1, stationSerialNumber: "S1" },
      { id: "c", name: "C", index: 1, sortId: 3, stationSerialNumber: "S2" },
    ];
    const backupSortIds = new Map([
      [
        "S1",
        new Map([
          [1, 1],
          [2, 2],
        ]),
      ],
    ]);
    const first = channelOrderAfter(channels, backupSortIds);
    expect(first.order).toEqual(["a", "b", "c"]);
    expect(first.changes.map((change) => [change.old, change.new])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const after = channels.map((channel) => ({ ...channel, sortId: first.order.indexOf(channel.id) + 1 }));
    expect(channelOrderAfter(after, backupSortIds).changes).toEqual([]);
  });
});
