import { describe, expect, it } from "vitest";
import { isExpectedChange } from "~/domain/push-updates";
import { hubMessages } from "~/contract/hubs";

describe("isExpectedChange", () => {
  it("accepts the actions the spec names per item", () => {
    for (const action of ["Add", "Update", "Remove"])
      expect(isExpectedChange(hubMessages.stationsHub.stationChanged, action)).toBe(true);
    expect(isExpectedChange(hubMessages.stationsHub.channelChanged, "Update")).toBe(true);
    expect(isExpectedChange(hubMessages.systemEventsHub.systemEventChanged, "Add")).toBe(true);
    expect(isExpectedChange(hubMessages.updaterHub.firmwareChanged, "Update")).toBe(true);
    expect(isExpectedChange(hubMessages.moderationHub.moderationChannelChanged, "Remove")).toBe(true);
  });

  it("refuses a channel push other than Update, and actions an item never has", () => {
    expect(isExpectedChange(hubMessages.stationsHub.channelChanged, "Add")).toBe(false);
    expect(isExpectedChange(hubMessages.stationsHub.channelChanged, "Remove")).toBe(false);
    expect(isExpectedChange(hubMessages.systemEventsHub.systemEventChanged, "Remove")).toBe(false);
    expect(isExpectedChange(hubMessages.updaterHub.firmwareChanged, "Remove")).toBe(false);
    expect(isExpectedChange(hubMessages.stationsHub.stationChanged, undefined)).toBe(false);
  });

  it("lets messages without a change action through", () => {
    expect(isExpectedChange(hubMessages.appCustomizationHub.updated, undefined)).toBe(true);
    expect(isExpectedChange(hubMessages.appCustomizationHub.removed, undefined)).toBe(true);
  });
});
