import { describe, expect, it } from "vitest";
import {
  compareVersions,
  firmwareChoices,
  firmwareStatusKind,
  firmwareUpdateBlockedBy,
  isBrokenReboot,
  isRebooting,
  isUpdating,
  newestVersion,
  sortNewestFirst,
  updateStatusName,
} from "~/domain/firmware";
import { updateStatus } from "~/contract/enums";

describe("firmware versions", () => {
  it("orders by up to four numeric parts, not as text", () => {
    expect(compareVersions("6.10.0", "6.2.0")).toBeGreaterThan(0);
    expect(compareVersions("6.2", "6.2.0.0")).toBe(0);
    expect(compareVersions("6.2.0.1", "6.2.0")).toBeGreaterThan(0);
    expect(newestVersion(["6.0.3", "6.10.0", "6.2.0.1", "6.1.0"])).toBe("6.10.0");
    expect(
      sortNewestFirst([{ version: "6.0.3" }, { version: "6.10.0" }, { version: "6.2.0.1" }]).map((v) => v.version),
    ).toEqual(["6.10.0", "6.2.0.1", "6.0.3"]);
    expect(newestVersion([])).toBeNull();
  });
});

describe("firmware update status", () => {
  it("names all 16 statuses", () => {
    expect(updateStatusName(0)).toBe("Unknown");
    expect(updateStatusName(15)).toBe("RebootingAfterUpdate");
    expect(updateStatusName(99)).toBe("Unknown");
  });

  it("counts every status but Unknown, Current, Error, UpdateFailed and Rebooting as updating", () => {
    const settled = [
      updateStatus.Unknown,
      updateStatus.Current,
      updateStatus.Error,
      updateStatus.UpdateFailed,
      updateStatus.Rebooting,
    ];
    for (let status = 0; status <= 15; status += 1) {
      expect(isUpdating(status), updateStatusName(status)).toBe(!settled.includes(status));
    }
  });

  it("is rebooting on Rebooting, and broken on 6.0.3 while rebooting", () => {
    expect(isRebooting(updateStatus.Rebooting)).toBe(true);
    expect(isRebooting(updateStatus.RebootingAfterUpdate)).toBe(false);
    expect(isBrokenReboot("6.0.3", updateStatus.Rebooting)).toBe(true);
    expect(isBrokenReboot("6.0.3", updateStatus.Current)).toBe(false);
    expect(isBrokenReboot("6.1.0", updateStatus.Rebooting)).toBe(false);
  });
});

describe("firmware status presentation", () => {
  it("gives every status of the 0–15 enumeration a kind", () => {
    const kinds = Array.from({ length: 16 }, (_, status) => firmwareStatusKind(status, "6.2.0"));
    expect(kinds).toEqual([
      "unknown",
      "current",
      "updating",
      "updating",
      "updating",
      "rebooting",
      "failed",
      "updating",
      "updating",
      "updating",
      "updating",
      "updating",
      "updating",
      "updating",
      "failed",
      "updating",
    ]);
  });

  it("tells the broken 6.0.3 reboot from an ordinary one", () => {
    expect(firmwareStatusKind(updateStatus.Rebooting, "6.0.3")).toBe("brokenReboot");
    expect(firmwareStatusKind(updateStatus.Current, "6.0.3")).toBe("current");
  });
});

describe("when a firmware update may start", () => {
  const current = { status: updateStatus.Current, currentVersion: "6.2.0" };

  it("is allowed on connected and update-required stations", () => {
    expect(firmwareUpdateBlockedBy("Connected", current)).toBeNull();
    expect(firmwareUpdateBlockedBy("UpdateRequired", { ...current, currentVersion: "5.8.1" })).toBeNull();
  });

  it("is blocked while updating, rebooting or not connected", () => {
    expect(firmwareUpdateBlockedBy("Connected", { ...current, status: updateStatus.Applying })).toBe("updating");
    expect(firmwareUpdateBlockedBy("Connected", { ...current, status: updateStatus.Rebooting })).toBe("rebooting");
    expect(firmwareUpdateBlockedBy("Disconnected", current)).toBe("notConnected");
    expect(firmwareUpdateBlockedBy("Unauthorized", current)).toBe("unauthorized");
    expect(firmwareUpdateBlockedBy("Unknown", current)).toBe("unknownType");
    expect(firmwareUpdateBlockedBy("Unsupported", current)).toBe("unsupported");
  });

  it("is the way out of the broken 6.0.3 reboot", () => {
    expect(
      firmwareUpdateBlockedBy("Connected", { status: updateStatus.Rebooting, currentVersion: "6.0.3" }),
    ).toBeNull();
  });
});

describe("the versions offered", () => {
  it("lists newest first and marks the installed and newer ones", () => {
    const release = (version: string) => ({
      id: `mcs-200-${version}`,
      version,
      releaseDate: "2024-01-01T00:00:00.000Z",
      releaseNotesUrl: "",
      eulaUrl: "",
    });
    const choices = firmwareChoices(
      [release("6.10.0"), release("6.0.3"), release("6.2.0"), release("6.2.0.1")],
      "6.2.0",
    );
    expect(choices.map((choice) => [choice.version, choice.isInstalled, choice.isNewer])).toEqual([
      ["6.10.0", false, true],
      ["6.2.0.1", false, true],
      ["6.2.0", true, false],
      ["6.0.3", false, false],
    ]);
  });
});
