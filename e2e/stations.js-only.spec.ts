// The stations screens' JavaScript comforts: live updates from the hubs, the 6-box PIN entry,
// the unsaved-changes guard; and the accessibility checks (axe needs a running page).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

const api = "/configuration/api/v1.0";

/** Opens a page and waits until it is hydrated and its live updates have connected and caught up. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  await liveCaughtUp(page);
}

/** A value that survives only as long as the page is not reloaded. */
async function markPage(page: Page) {
  return page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = Math.random()));
}

async function pageMark(page: Page) {
  return page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker);
}

test.describe("live updates", () => {
  test("the firmware status follows an update through its statuses without a reload", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/firmware");
    const marker = await markPage(page);
    const status = page.getByRole("table", { name: "Firmware" }).getByRole("row", { name: "Update status" });
    // At 1× a realistic update takes about two minutes; 22 s keeps each status on screen long enough to see.
    await simulator.firmwareDuration(22_000);
    await simulator.clock(1);
    try {
      await page.getByRole("radio", { name: "Version 6.10.0" }).check();
      await page.getByLabel("I accept the end-user licence agreement (EULA)").check();
      await page.getByRole("button", { name: "Start update" }).click();
      await expect(status).toContainText("Downloading");
      await expect(page.getByRole("progressbar")).toBeVisible();
      await expect(status).toContainText("Installing 6.10.0");
      await expect(status).toContainText("Applying", { timeout: 15_000 });
      await expect(status).toContainText(/Rebooting/, { timeout: 15_000 });
    } finally {
      await simulator.clock(20);
    }
    await expect(status).toContainText("Current", { timeout: 15_000 });
    await expect(
      page.getByRole("table", { name: "Firmware" }).getByRole("row", { name: "Current version" }),
    ).toContainText("6.10.0");
    expect(await pageMark(page)).toBe(marker);
  });

  test("a station removed while its page is open shows station-not-found", async ({ page }) => {
    await visit(page, "/stations/MCS-0043/network");
    await simulator.api("admin", "DELETE", `${api}/stations/MCS-0043`);
    await expect(page.getByRole("heading", { name: "Station not found" })).toBeVisible();
  });

  test("a channel changed through the Manager's API appears on the open channel page", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/2");
    const marker = await markPage(page);
    await simulator.api("admin", "POST", `${api}/stations/MCS-0042/channels/2/pinCode`, { pin: "777111" });
    await expect(page.getByText("Current PIN: 777111")).toBeVisible();
    expect(await pageMark(page)).toBe(marker);
  });

  test("a station renamed elsewhere is renamed on its open details page", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    await simulator.api("admin", "PUT", `${api}/stations/MCS-0042/UpdateName`, { name: "Hall Renamed Live" });
    await expect(page.getByRole("heading", { level: 1, name: "Hall Renamed Live" })).toBeVisible();
  });
});

test.describe("the 6-box PIN entry", () => {
  test("moves forward on a digit, back on left arrow and backspace, keeps focus on delete, and drops non-digits", async ({
    page,
  }) => {
    await visit(page, "/stations/MCS-0042/channels/2");
    const box = (position: number) => page.getByRole("textbox", { name: `PIN digit ${position} of 6` });
    // The six boxes are one group inside the PIN card's fieldset (which also holds the checkbox).
    const boxes = page.getByRole("group", { name: "PIN", exact: true }).filter({ hasNot: page.getByRole("checkbox") });
    await expect(boxes).toBeVisible();
    await expect(box(1)).toHaveValue("4");

    await box(1).click();
    await page.keyboard.type("9a1");
    await expect(box(1)).toHaveValue("9");
    await expect(box(2)).toHaveValue("1");
    await expect(box(3)).toBeFocused();

    await page.keyboard.press("ArrowLeft");
    await expect(box(2)).toBeFocused();
    await page.keyboard.press("Delete");
    await expect(box(2)).toHaveValue("");
    await expect(box(2)).toBeFocused();
    await page.keyboard.press("Backspace");
    await expect(box(1)).toBeFocused();
    await page.keyboard.press("Backspace");
    await expect(box(1)).toHaveValue("");

    await box(6).click();
    await page.keyboard.type("5");
    await expect(box(6)).toHaveValue("5");
    await expect(box(6)).toBeFocused();
  });

  test("a pasted PIN fills the boxes and saves", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    await page.getByLabel("Protect the channel with a PIN").check();
    const first = page.getByRole("textbox", { name: "PIN digit 1 of 6" });
    await first.focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "24 68 02");
      document.activeElement!.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect(page.getByRole("textbox", { name: "PIN digit 6 of 6" })).toHaveValue("2");
    await expect(page.getByRole("textbox", { name: "PIN digit 6 of 6" })).toBeFocused();
    await page.getByRole("button", { name: "Save PIN" }).click();
    await page.getByRole("dialog", { name: "Save the changes?" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Current PIN: 246802")).toBeVisible();
  });

  test("boxes rest while the PIN is off", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    await expect(page.getByRole("textbox", { name: "PIN digit 1 of 6" })).toBeDisabled();
    await page.getByLabel("Protect the channel with a PIN").check();
    await expect(page.getByRole("textbox", { name: "PIN digit 1 of 6" })).toBeEnabled();
  });
});

test.describe("comforts", () => {
  test("the test tone waits until the changes are saved", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/channels/1");
    await expect(page.getByRole("link", { name: "Play test tone" })).toBeVisible();
    await page.getByLabel("Name").fill("Changed, not saved");
    await expect(page.getByRole("button", { name: "Play test tone" })).toBeDisabled();
    await expect(page.getByText("Save your changes first")).toBeVisible();
  });

  test("leaving a page with unsaved changes asks first", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    await page.getByLabel("Name").fill("Unsaved name");
    await page.getByRole("navigation", { name: "Station sections" }).getByRole("link", { name: "Network" }).click();
    const ask = page.getByRole("dialog", { name: "Unsaved changes" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/stations/MCS-0042");
    await expect(page.getByLabel("Name")).toHaveValue("Unsaved name");
  });

  test("the static fields rest while an interface uses DHCP", async ({ page }) => {
    await visit(page, "/stations/MCS-0042/network");
    const streaming = page.getByRole("region", { name: "PoE/Stream (Streaming interface)" });
    await expect(streaming.getByLabel("IP address")).toBeDisabled();
    await streaming.getByLabel("Static").check();
    await expect(streaming.getByLabel("IP address")).toBeEnabled();
    await expect(streaming.getByLabel("IP address")).toHaveValue("10.10.30.42");
  });

  test("the latency warning follows what is typed", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    const audio = page.getByRole("region", { name: "Audio settings" });
    await expect(audio.getByText("can cause audio dropouts")).toHaveCount(0);
    await audio.getByLabel("Manual latency (ms)").fill("120");
    await expect(audio.getByText("A latency below 150 ms can cause audio dropouts.")).toBeVisible();
  });
});

test.describe("accessibility", () => {
  const pages = [
    "/stations",
    "/stations?confirm=accept&station=MCS-0047",
    "/stations/MCS-0042",
    "/stations/MCS-0042?confirm=factoryReset",
    "/stations/MCS-0044",
    "/stations/MCS-0042/network",
    "/stations/MCS-0042/log",
    "/stations/MCS-0044/firmware",
    "/stations/MCS-0042/channels/2",
    "/stations/MCS-0043/channels/1",
  ];

  // The page's own content; the shell around it is the foundation's to check.
  async function expectNoViolations(page: Page) {
    const results = await new AxeBuilder({ page })
      .include("#main")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
      ),
    ).toEqual([]);
  }

  for (const path of pages) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await visit(page, path);
      await expectNoViolations(page);
    });
  }

  for (const path of pages) {
    test(`${path} has no axe violations as rendered for browsers without JavaScript`, async ({ page }) => {
      await page.route("**/build/**/*.js", (route) => route.abort());
      await page.goto(path);
      await expectNoViolations(page);
    });
  }
});
