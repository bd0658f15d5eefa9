// Live dashboard (JavaScript only by nature): new events, changed counts and topped-up events
// arrive without a reload.
import AxeBuilder from "@axe-core/playwright";
import { expect, simulator, test } from "./support/fixtures";

async function hubsConnected(count: number) {
  await expect.poll(async () => (await simulator.state()).hubConnections).toBeGreaterThanOrEqual(count);
}

async function markPage(page: import("@playwright/test").Page) {
  return page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = Math.random()));
}

async function sameDocument(page: import("@playwright/test").Page, marker: number) {
  expect(await page.evaluate(() => (window as unknown as { liveMarker: number }).liveMarker)).toBe(marker);
}

test("a new system event appears on the dashboard without a reload", async ({ page }) => {
  await page.goto("/dashboard");
  await hubsConnected(2);
  const marker = await markPage(page);
  await simulator.raiseEvent({
    type: 3,
    code: "audioInputLost",
    stationSerialNumber: "MCS-0043",
    isDismissable: true,
    parameters: { channelIndex: "1" },
  } as never);
  const newest = page.getByTestId("system-event").first();
  await expect(newest).toContainText("Conference Room B (MCS-0043) lost the audio input of channel 1.", {
    timeout: 1000,
  });
  await expect(newest).toContainText("Error");
  await sameDocument(page, marker);
});

test("the active channel count follows the statistics hub", async ({ page }) => {
  await page.goto("/dashboard");
  await hubsConnected(2);
  const marker = await markPage(page);
  await expect(page.getByTestId("active-channel-count")).toHaveText("5");
  const station = await simulator.api("admin", "GET", "/configuration/api/v1.0/stations/MCS-0042");
  const channel = station.audioChannels[0];
  await simulator.api("admin", "PUT", "/configuration/api/v1.0/stations/MCS-0042/UpdateAudioChannel", {
    index: channel.index,
    name: channel.name,
    group: channel.group,
    isHidden: channel.isHidden,
    isEnabled: false,
    uplinkEnabled: channel.uplinkEnabled,
    uplinkOutputIndex: channel.uplinkOutputIndex,
    inputInterfaceLeft: channel.inputInterfaceLeft,
    inputInterfaceRight: channel.inputInterfaceRight,
    regenerateAccess: false,
  });
  await expect(page.getByTestId("active-channel-count")).toHaveText("4", { timeout: 1000 });
  await sameDocument(page, marker);
});

test("when dismissals leave 6 or fewer events and more exist, more are loaded", async ({ page }) => {
  for (let number = 0; number < 10; number++) {
    await simulator.raiseEvent({
      type: 2,
      code: "stationDisconnected",
      stationSerialNumber: "MCS-0045",
      isDismissable: true,
    });
  }
  await page.goto("/dashboard");
  const marker = await markPage(page);
  await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 21 events shown");
  const events = page.getByTestId("system-event");
  for (let number = 0; number < 4; number++) {
    await events
      .first()
      .getByRole("button", { name: /^Dismiss event/ })
      .click();
  }
  await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 17 events shown");
  await expect(events).toHaveCount(10);
  await sameDocument(page, marker);
});

test("the dashboard passes the accessibility checks", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include("#main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target).join(" ")}`),
  ).toEqual([]);
});
