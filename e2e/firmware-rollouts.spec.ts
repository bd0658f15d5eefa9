// Firmware rollouts in waves (issue 27, item 3), with and without JavaScript: stations chosen on
// /stations, a rollout started with the EULA ticked once, driven by the console's server; the
// first station's failure pauses it and says why, and a rollout without faults goes wave by wave
// with each station sent Update once (the simulator's update counters say so).
import type { Page } from "@playwright/test";
import { managerPaths } from "../app/contract/paths";
import { compareVersions } from "../app/domain/firmware";
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

interface ApiStation {
  serialNumber: string;
  type: number;
  currentFirmwareVersion: string;
  latestFirmwareVersion: string | null;
  deviceState: { computedState: string };
}

/** The default fleet's own special stations (listeners, stuck reboot, update required) stay out. */
const defaultFleet = /^MCS-004[0-9]$/;

/** Connected v2 stations behind the newest firmware, nobody listening to them. */
async function stationsToUpdate(count: number): Promise<string[]> {
  const { stations } = (await simulator.api("admin", "GET", `${managerPaths.stations()}?take=1000`)) as {
    stations: ApiStation[];
  };
  const chosen = stations
    .filter(
      (station) =>
        station.type === 2 &&
        station.deviceState.computedState === "Connected" &&
        !defaultFleet.test(station.serialNumber) &&
        station.latestFirmwareVersion !== null &&
        compareVersions(station.currentFirmwareVersion, station.latestFirmwareVersion) < 0,
    )
    .slice(0, count)
    .map((station) => station.serialNumber);
  expect(chosen, `${count} connected v2 stations behind the newest firmware`).toHaveLength(count);
  for (const serialNumber of chosen) await simulator.removeListeners(serialNumber);
  return chosen;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await liveCaughtUp(page);
  }
}

/** Ticks the stations on the list and goes on to the rollout form with them. */
async function chooseAndRollOut(page: Page, serialNumbers: string[]) {
  const isJs = test.info().project.name === "js";
  await visit(page, "/stations?size=100&sort=name&order=asc");
  for (const [index, serialNumber] of serialNumbers.entries()) {
    await page.getByRole("checkbox", { name: new RegExp(`^Choose .*\\b${serialNumber}\\)?$`) }).check();
    if (isJs) {
      const count = index + 1;
      await expect(page.getByText(`${count} ${count === 1 ? "station" : "stations"} chosen`)).toBeVisible();
    }
  }
  await page
    .getByRole("form", { name: "Act on the chosen stations" })
    .getByRole("button", { name: "Roll out firmware", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Firmware rollouts" })).toBeVisible();
}

async function startRollout(page: Page, count: number, waves: { first: number; size: number }) {
  const form = page.getByRole("form", { name: "Start a rollout" });
  await expect(form.getByRole("radio", { name: `The ${count} stations chosen on the stations list` })).toBeChecked();
  await form.getByLabel("Stations in the first wave").fill(String(waves.first));
  await form.getByLabel("Stations in each wave after").fill(String(waves.size));
  await form.getByRole("checkbox", { name: /I accept the end-user licence agreement/ }).check();
  await form.getByRole("button", { name: "Start the rollout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Rollout \d+$/ })).toBeVisible();
}

/** Waits until the page shows `text`: by itself with JavaScript, by reloading without. */
async function waitForText(page: Page, text: string | RegExp, timeout = 60_000) {
  if (test.info().project.name === "js") {
    await expect(page.getByText(text).first()).toBeVisible({ timeout });
    return;
  }
  await expect(async () => {
    await page.getByRole("link", { name: "Refresh to see the latest state" }).click();
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout });
}

function stationRow(page: Page, serialNumber: string) {
  return page
    .getByRole("table", { name: "Each station of the rollout, its wave and state" })
    .getByRole("row", { name: new RegExp(`\\b${serialNumber}\\b`) });
}

/** Leaves nothing running for the next test: the stations not started are cancelled. */
async function cancelIfActive(page: Page) {
  const cancel = page.getByRole("button", { name: "Cancel the stations not started" });
  if (await cancel.isVisible()) {
    await cancel.click();
    await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  }
}

test("a rollout whose first station fails stops there and says why", async ({ page }) => {
  await simulator.seed(40);
  const chosen = await stationsToUpdate(3);
  await simulator.firmwareDuration(20_000);
  // Whichever is first fails: the rollout must stop at it.
  for (const serialNumber of chosen) await simulator.firmwareFault(serialNumber, "fails");
  try {
    await chooseAndRollOut(page, chosen);
    await startRollout(page, 3, { first: 1, size: 5 });

    await waitForText(page, /^Paused: the update of MCS-\d+ ended with UpdateFailed\.$/);
    const reason = await page.getByText(/^Paused: the update of/).textContent();
    const first = /MCS-\d+/.exec(reason ?? "")![0];
    expect(chosen).toContain(first);
    await expect(page.getByText("Paused", { exact: true }).first()).toBeVisible();
    await expect(stationRow(page, first)).toContainText("Failed");
    await expect(stationRow(page, first)).toContainText("The update ended with UpdateFailed.");
    for (const serialNumber of chosen.filter((candidate) => candidate !== first)) {
      await expect(stationRow(page, serialNumber)).toContainText("Waiting");
      expect((await simulator.firmwareOf(serialNumber)).updateCalls, serialNumber).toBe(0);
    }
    const failed = await simulator.firmwareOf(first);
    expect(failed.updateCalls).toBe(1);
    expect(failed.status).toBe("UpdateFailed");
  } finally {
    await cancelIfActive(page);
  }
});

test("a rollout of three stations goes wave by wave, each station sent Update once", async ({ page }) => {
  await simulator.seed(40);
  const chosen = await stationsToUpdate(3);
  // Three seconds an update at the server's 20× clock: long enough to see the waves apart.
  await simulator.firmwareDuration(60_000);
  try {
    await chooseAndRollOut(page, chosen);
    await startRollout(page, 3, { first: 1, size: 2 });

    // The first wave is one station; the others wait until it runs the new firmware.
    const rows = page
      .getByRole("table", { name: "Each station of the rollout, its wave and state" })
      .getByRole("row", { name: /\bMCS-\d+\b/ });
    await expect(rows).toHaveCount(3);
    const first = (await rows.first().getByRole("link").textContent())!.trim();
    const later = chosen.filter((serialNumber) => serialNumber !== first);
    await expect.poll(async () => (await simulator.firmwareOf(first)).updateCalls).toBe(1);
    for (const serialNumber of later) {
      expect((await simulator.firmwareOf(serialNumber)).updateCalls, `${serialNumber} waits for wave 1`).toBe(0);
    }

    await waitForText(page, "Finished", 90_000);
    for (const serialNumber of chosen) {
      await expect(stationRow(page, serialNumber)).toContainText("Done");
      const firmware = await simulator.firmwareOf(serialNumber);
      expect(firmware.updateCalls, serialNumber).toBe(1);
      expect(firmware.status, serialNumber).toBe("Current");
    }
    // The rollout's page fits a 1024 × 600 kiosk and a 390 px phone without sideways scrolling.
    for (const viewport of [
      { width: 1024, height: 600 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      // The settled layout: polled, as the page may still be reloading itself without JavaScript.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `page width at ${viewport.width} px`,
        })
        .toBeLessThanOrEqual(viewport.width);
    }
    await page.getByRole("link", { name: "All rollouts" }).click();
    const listed = page.getByRole("table", { name: "Past and running rollouts" }).getByRole("row").nth(1);
    await expect(listed).toContainText("Finished");
    await expect(listed).toContainText("3 of 3 done, 0 failed, 0 skipped");
  } finally {
    await cancelIfActive(page);
  }
});

test("a station with listeners waits for them to leave; pause and resume are forms", async ({ page }) => {
  await simulator.seed(40);
  const chosen = await stationsToUpdate(2);
  await simulator.firmwareDuration(20_000);
  await simulator.setListeners(chosen[0]!, 2);
  await simulator.setListeners(chosen[1]!, 2);
  try {
    await chooseAndRollOut(page, chosen);
    await startRollout(page, 2, { first: 1, size: 5 });
    const rows = page
      .getByRole("table", { name: "Each station of the rollout, its wave and state" })
      .getByRole("row", { name: /\bMCS-\d+\b/ });
    const first = (await rows.first().getByRole("link").textContent())!.trim();
    await waitForText(page, "Waits until its listeners have left.");
    expect((await simulator.firmwareOf(first)).updateCalls).toBe(0);

    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("Paused by Alex Admin.")).toBeVisible();
    await simulator.removeListeners(chosen[0]!);
    await simulator.removeListeners(chosen[1]!);
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();

    await waitForText(page, "Finished", 60_000);
    for (const serialNumber of chosen) expect((await simulator.firmwareOf(serialNumber)).updateCalls).toBe(1);
  } finally {
    await cancelIfActive(page);
  }
});

test.describe("as a Moderator", () => {
  test.use({ role: "moderator" });

  test("no navigation entry, and the rollouts page is forbidden", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Firmware Rollouts" }),
    ).toHaveCount(0);
    const response = await page.goto("/firmware/rollouts");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("You are not allowed to see this page")).toBeVisible();
  });
});
