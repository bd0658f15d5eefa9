import { describe, expect, it } from "vitest";
import { defaultFleet } from "../../simulator/seed/default-fleet";
import { seededRandom } from "../../simulator/fleet/ids";
import { refreshStation } from "../../simulator/fleet/derive";
import type { Station } from "~/contract/stations";
import { backupStationOf } from "~/domain/venue-backup";
import { channelOrderAfter, hasChanges, notRestorableReason, stationItems, venuePlan } from "~/domain/restore-plan";

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
const options = { withPins: true, withNetwork: false };

describe("the restore plan", () => {
  it("finds nothing to change on the station the backup was taken of", () => {
    const mainHall = find(fleet(), "MCS-0042");
    const { items } = stationItems(backupStationOf(mainHall, options), mainHall);
    expect(items.filter(hasChanges)).toEqual([]);
  });

  it("names each changed setting with its old and new value, in saving order", () => {
    const mainHall = find(fleet(), "MCS-0042");
    const backup = backupStationOf(mainHall, options);
    const changed = structuredClone(mainHall);
    changed.name = "Renamed";
    changed.configuration.noiseGate.thresholdDb = -30;
    changed.audioChannels[1]!.pinCode = null;
    const items = stationItems(backup, changed).items.filter(hasChanges);
    expect(items.map((entry) => entry.key)).toEqual(["name", "noiseGate", "channelPin.2"]);
    expect(items[0]!.changes).toEqual([{ field: "name", old: "Renamed", new: "Main Hall" }]);
    expect(items[1]!.changes).toEqual([{ field: "thresholdDb", old: -30, new: -55 }]);
    expect(items[2]!.changes).toEqual([{ field: "pinCode", old: null, new: null, secret: true }]);
  });

  it("lists missing, not running and other-type stations as not restorable", () => {
    const stations = fleet();
    const mainHall = backupStationOf(find(stations, "MCS-0042"), options);
    expect(notRestorableReason(mainHall, undefined)).toBe("missing");
    expect(notRestorableReason(mainHall, find(stations, "MCS-0012"))).toBe("otherType");
    expect(notRestorableReason(mainHall, find(stations, "MCS-0045"))).toBe("notRunning");
    expect(notRestorableReason(mainHall, find(stations, "MCS-0048"))).toBe("notRunning");
    expect(notRestorableReason(mainHall, find(stations, "MCS-0043"))).toBeNull();
  });

  it("maps a backup station onto a replacement unit, each unit at most once", () => {
    const stations = fleet();
    const current = new Map(stations.map((station) => [station.serialNumber, station]));
    const backup = {
      stations: [
        backupStationOf(find(stations, "MCS-0042"), options),
        backupStationOf(find(stations, "MCS-0044"), options),
      ],
    };
    const plans = venuePlan(
      backup as never,
      current,
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
