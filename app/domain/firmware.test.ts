import { describe, expect, it } from "vitest";
import { compareVersions, isBrokenReboot, isRebooting, isUpdating, newestVersion, sortNewestFirst, updateStatusName } from "~/domain/firmware";
import { updateStatus } from "~/manager/schemas";

describe("firmware versions", () => {
  it("orders by up to four numeric parts, not as text", () => {
    expect(compareVersions("6.10.0", "6.2.0")).toBeGreaterThan(0);
    expect(compareVersions("6.2", "6.2.0.0")).toBe(0);
    expect(compareVersions("6.2.0.1", "6.2.0")).toBeGreaterThan(0);
    expect(newestVersion(["6.0.3", "6.10.0", "6.2.0.1", "6.1.0"])).toBe("6.10.0");
    expect(sortNewestFirst([{ version: "6.0.3" }, { version: "6.10.0" }, { version: "6.2.0.1" }]).map((v) => v.version)).toEqual([
      "6.10.0",
      "6.2.0.1",
      "6.0.3",
    ]);
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
    const settled = [updateStatus.Unknown, updateStatus.Current, updateStatus.Error, updateStatus.UpdateFailed, updateStatus.Rebooting];
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
