import { describe, expect, it } from "vitest";
import { blockedReasonFromManager, stationAvailability } from "~/domain/station-state";
import { updateStatus } from "~/contract/enums";

const connected = {
  type: 2 as const,
  deviceState: { computedState: "Connected" as const, isReady: true, isChangingMode: false },
  functionalities: { canReboot: true, hasAudienceMic: true },
  currentFirmwareVersion: "6.2.0",
};

describe("what a station's state allows", () => {
  it("allows everything when connected and current", () => {
    expect(stationAvailability(connected, updateStatus.Current)).toEqual({
      canEdit: true,
      editBlockedBy: null,
      canReboot: true,
      rebootBlockedBy: null,
    });
  });

  it("blocks editing and reboot while not connected, updating or rebooting, with the reason", () => {
    const disconnected = {
      ...connected,
      deviceState: { ...connected.deviceState, computedState: "Disconnected" as const },
    };
    expect(stationAvailability(disconnected, updateStatus.Current).editBlockedBy).toBe("notConnected");
    expect(stationAvailability(connected, updateStatus.Downloading).editBlockedBy).toBe("updating");
    expect(stationAvailability(connected, updateStatus.Rebooting).rebootBlockedBy).toBe("rebooting");
    const stuck = { ...connected, currentFirmwareVersion: "6.0.3" };
    expect(stationAvailability(stuck, updateStatus.Rebooting).editBlockedBy).toBe("brokenReboot");
  });

  it("blocks only the reboot on firmware that cannot reboot", () => {
    const availability = stationAvailability(
      { ...connected, functionalities: { canReboot: false, hasAudienceMic: true } },
      updateStatus.Current,
    );
    expect(availability.canEdit).toBe(true);
    expect(availability.rebootBlockedBy).toBe("cannotReboot");
  });

  it("names the connection state that blocks editing: an online station is not called not running", () => {
    const inState = (computedState: "Unauthorized" | "UpdateRequired" | "Unknown" | "Unsupported") =>
      stationAvailability(
        { ...connected, deviceState: { ...connected.deviceState, computedState } },
        updateStatus.Current,
      ).editBlockedBy;
    expect(inState("Unauthorized")).toBe("unauthorized");
    expect(inState("UpdateRequired")).toBe("updateRequired");
    expect(inState("Unknown")).toBe("unknownType");
    expect(inState("Unsupported")).toBe("unsupported");
  });

  it("treats v1 stations as unsupported", () => {
    expect(stationAvailability({ ...connected, type: 1 }, updateStatus.Current).editBlockedBy).toBe("unsupported");
  });
});

describe("the reasons behind a disabled control", () => {
  it("names a factory reset and a mode change", () => {
    expect(stationAvailability(connected, updateStatus.Resetting).editBlockedBy).toBe("resetting");
    const changing = { ...connected, deviceState: { ...connected.deviceState, isChangingMode: true } };
    expect(stationAvailability(changing, updateStatus.Current).editBlockedBy).toBe("changingMode");
  });

  it("reads the Manager's not-editable reasons", () => {
    expect(blockedReasonFromManager("rebooting")).toBe("rebooting");
    expect(blockedReasonFromManager("changingMode")).toBe("changingMode");
    expect(blockedReasonFromManager("resetting")).toBe("resetting");
    expect(blockedReasonFromManager("firmwareCannotReboot")).toBe("cannotReboot");
    expect(blockedReasonFromManager("computedState:Disconnected")).toBe("notConnected");
    expect(blockedReasonFromManager("computedState:Unsupported")).toBe("unsupported");
    expect(blockedReasonFromManager("computedState:UpdateRequired")).toBe("updateRequired");
    expect(blockedReasonFromManager("computedState:Unknown")).toBe("unknownType");
    expect(blockedReasonFromManager("firmwareStatus:Downloading")).toBe("updating");
    expect(blockedReasonFromManager(undefined)).toBe("updating");
  });
});
