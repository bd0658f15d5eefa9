import { describe, expect, it } from "vitest";
import { updateStatus } from "~/contract/enums";
import { planBulkAction, skipReason, stationStatusOf, type BulkCandidate } from "~/domain/bulk-actions";

const running: BulkCandidate = {
  serialNumber: "MCS-0100",
  name: "Room 1",
  type: 2,
  computedState: "Connected",
  isReady: true,
  isAuthorized: true,
  isChangingMode: false,
  canReboot: true,
  fingerprint: "AA:BB",
  currentFirmwareVersion: "6.2.0",
  firmwareStatus: updateStatus.Current,
  listenerCount: 0,
};
const with_ = (changes: Partial<BulkCandidate>): BulkCandidate => ({ ...running, ...changes });
const newcomer = with_({ computedState: "Unauthorized", isAuthorized: false });

describe("the stations list's status filter", () => {
  it("names each connection state, and Updating while the firmware updates whatever the connection says", () => {
    expect(stationStatusOf("Connected", updateStatus.Current)).toBe("running");
    expect(stationStatusOf("Disconnected", updateStatus.Rebooting)).toBe("notRunning");
    expect(stationStatusOf("Unauthorized", updateStatus.Unknown)).toBe("unauthorized");
    expect(stationStatusOf("UpdateRequired", updateStatus.Current)).toBe("updateRequired");
    expect(stationStatusOf("Connected", updateStatus.Downloading)).toBe("updating");
    expect(stationStatusOf("UpdateRequired", updateStatus.Applying)).toBe("updating");
    expect(stationStatusOf("Unsupported", null)).toBeNull();
    expect(stationStatusOf("Unknown", updateStatus.Current)).toBeNull();
  });
});

describe("why a bulk action skips a station", () => {
  it("reboots a running station nobody listens to", () => {
    expect(skipReason("reboot", running)).toBeNull();
  });

  it("does not reboot a station that is not running, v1 or unsupported, cannot reboot, or has listeners", () => {
    expect(skipReason("reboot", with_({ computedState: "Disconnected" }))).toBe("notConnected");
    expect(skipReason("reboot", with_({ type: 1, computedState: "Unsupported" }))).toBe("unsupported");
    expect(skipReason("reboot", with_({ canReboot: false }))).toBe("cannotReboot");
    expect(
      skipReason("reboot", with_({ currentFirmwareVersion: "6.0.3", firmwareStatus: updateStatus.Rebooting })),
    ).toBe("brokenReboot");
    expect(skipReason("reboot", with_({ firmwareStatus: updateStatus.Downloading }))).toBe("updating");
    expect(skipReason("reboot", with_({ listenerCount: 3 }))).toBe("listeners");
    expect(skipReason("reboot", newcomer)).toBe("unauthorized");
  });

  it("updates firmware to a newer version only, never on a station in use, and an Update-required one too", () => {
    expect(skipReason("updateFirmware", running, "6.10.0")).toBeNull();
    expect(skipReason("updateFirmware", with_({ computedState: "UpdateRequired" }), "6.10.0")).toBeNull();
    expect(skipReason("updateFirmware", with_({ currentFirmwareVersion: "6.10.0" }), "6.10.0")).toBe("alreadyCurrent");
    expect(skipReason("updateFirmware", with_({ listenerCount: 1 }), "6.10.0")).toBe("listeners");
    expect(skipReason("updateFirmware", with_({ type: 1, computedState: "Connected" }), "4.9.0")).toBe("unsupported");
    expect(skipReason("updateFirmware", with_({ computedState: "Disconnected" }), "6.10.0")).toBe("notConnected");
    expect(skipReason("updateFirmware", with_({ firmwareStatus: updateStatus.Verifying }), "6.10.0")).toBe("updating");
    expect(skipReason("updateFirmware", running, null)).toBe("noFirmware");
    // The way out of the 6.0.3 reboot is an update.
    const stuck = with_({ currentFirmwareVersion: "6.0.3", firmwareStatus: updateStatus.Rebooting });
    expect(skipReason("updateFirmware", stuck, "6.10.0")).toBeNull();
  });

  it("accepts and rejects unauthorized stations only, and accepts only those ready", () => {
    expect(skipReason("accept", newcomer)).toBeNull();
    expect(skipReason("accept", with_({ ...newcomer, isReady: false }))).toBe("notReady");
    expect(skipReason("accept", running)).toBe("alreadyAuthorized");
    expect(skipReason("reject", with_({ ...newcomer, isReady: false }))).toBeNull();
    expect(skipReason("reject", running)).toBe("alreadyAuthorized");
  });

  it("reboots and updates a station with listeners only when told to include them", () => {
    const listened = with_({ listenerCount: 3 });
    expect(skipReason("reboot", listened, null, { includeListeners: true })).toBeNull();
    expect(skipReason("updateFirmware", listened, "6.10.0", { includeListeners: true })).toBeNull();
    expect(skipReason("reboot", listened, null, { includeListeners: false })).toBe("listeners");
    // Only the listeners: a station that cannot reboot or is current is skipped all the same.
    expect(skipReason("reboot", with_({ listenerCount: 3, canReboot: false }), null, { includeListeners: true })).toBe(
      "cannotReboot",
    );
    expect(
      skipReason("updateFirmware", with_({ listenerCount: 3, currentFirmwareVersion: "6.10.0" }), "6.10.0", {
        includeListeners: true,
      }),
    ).toBe("alreadyCurrent");
  });

  it("removes a station in any state", () => {
    expect(skipReason("remove", with_({ computedState: "Disconnected", listenerCount: 4 }))).toBeNull();
  });
});

describe("a bulk plan", () => {
  it("splits the chosen stations into acted on and skipped, in order, with what the confirmation shows", () => {
    const plan = planBulkAction(
      "updateFirmware",
      [
        running,
        with_({ serialNumber: "MCS-0101", listenerCount: 2 }),
        with_({ serialNumber: "MCS-0102", type: 1, currentFirmwareVersion: "4.8.1" }),
      ],
      { 2: "6.10.0", 1: "4.9.0" },
    );
    expect(plan.act.map((station) => [station.serialNumber, station.targetVersion])).toEqual([["MCS-0100", "6.10.0"]]);
    expect(plan.skip.map((station) => [station.serialNumber, station.skip])).toEqual([
      ["MCS-0101", "listeners"],
      ["MCS-0102", "unsupported"],
    ]);
    const accept = planBulkAction("accept", [newcomer]);
    expect(accept.act[0]!.fingerprint).toBe("AA:BB");
  });

  it("says of each station acted on how many listeners it has and whether it runs", () => {
    const plan = planBulkAction(
      "reboot",
      [with_({ listenerCount: 2 }), with_({ serialNumber: "MCS-0101", computedState: "Disconnected" })],
      {},
      { includeListeners: true },
    );
    expect(
      plan.act.map(({ serialNumber, listenerCount, isRunning }) => [serialNumber, listenerCount, isRunning]),
    ).toEqual([["MCS-0100", 2, true]]);
    const remove = planBulkAction("remove", [
      running,
      with_({ serialNumber: "MCS-0101", computedState: "Disconnected" }),
    ]);
    expect(remove.act.map((station) => station.isRunning)).toEqual([true, false]);
  });
});
