// The browser's exit prompt, a JavaScript comfort by nature (administration.md §2: "On page
// close the browser asks 'Are you sure you want to exit?' while changes exist"; the unsaved
// changes are the DNS configuration's and the app customization's, and here the station forms'
// too): closing the page with unsaved changes asks first, and staying keeps what was typed; a
// page without changes closes without asking. Browsers show their own words in that prompt, so
// the test reads the text the console hands them.
import type { Dialog, Page } from "@playwright/test";
import sharp from "sharp";
import { setSwitch } from "./admin-helpers";
import { expect, simulator, test } from "./support/fixtures";

const exitQuestion = "Are you sure you want to exit?"; // common:unsavedChanges.beforeUnload

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
}

/**
 * Records the text the page gives the browser for its prompt, as it stands once every listener
 * has run: read a task after the event, since a render may add the console's listener again after
 * this one (CI run of 2026-11-28: a re-render under load left it last, and this read "" first).
 */
async function recordExitText(page: Page) {
  await page.evaluate(() => {
    window.addEventListener("beforeunload", (event) => {
      setTimeout(() => ((window as unknown as { exitText: unknown }).exitText = event.returnValue));
    });
  });
}

/** Closes the page as the user closes the tab; the browser asks first, and the user answers. */
async function closeAndAnswer(page: Page, answer: "stay" | "leave"): Promise<Dialog> {
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const prompt = await asked;
  expect(prompt.type()).toBe("beforeunload");
  const closed = answer === "leave" ? page.waitForEvent("close") : null;
  if (answer === "stay") await prompt.dismiss();
  else await prompt.accept();
  await closed;
  return prompt;
}

async function expectAskedWithTheSpecsQuestion(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { exitText: unknown }).exitText))
    .toBe(exitQuestion);
}

test("closing the settings with unsaved DNS changes asks first; staying keeps them", async ({ page }) => {
  await open(page, "/settings");
  await setSwitch(page, "Use DNS discovery", false);
  await page.getByLabel("Manager IP address").fill("10.10.20.5");
  await recordExitText(page);
  await closeAndAnswer(page, "stay");
  expect(page.isClosed()).toBe(false);
  await expectAskedWithTheSpecsQuestion(page);
  await expect(page.getByLabel("Manager IP address")).toHaveValue("10.10.20.5");
  await expect(page.getByRole("switch", { name: "Use DNS discovery" })).not.toBeChecked();
  await closeAndAnswer(page, "leave");
  expect(page.isClosed()).toBe(true);
});

test("closing the app customization with unsaved changes asks first; staying keeps them", async ({ page }) => {
  const logo = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#ffcc00" } })
    .png()
    .toBuffer();
  await simulator.api("admin", "POST", "/configuration/api/v1.0/appCustomizationConfiguration", {
    isActive: true,
    logo: `data:image/png;base64,${logo.toString("base64")}`,
    backgroundColor: "F5F5F5",
    highlightColor: "0096D6",
    fontColor: "dark",
    onboardings: [{ sortId: 1, headline: "Welcome", text: "Pick a channel to listen to.", picture: null }],
  });
  await open(page, "/appCustomization");
  await page.getByRole("textbox", { name: "Headline" }).fill("Not saved yet");
  await recordExitText(page);
  await closeAndAnswer(page, "stay");
  await expectAskedWithTheSpecsQuestion(page);
  await expect(page.getByRole("textbox", { name: "Headline" })).toHaveValue("Not saved yet");
  await closeAndAnswer(page, "leave");
  expect(page.isClosed()).toBe(true);
});

test("closing a station's page with an unsaved name asks first; staying keeps it", async ({ page }) => {
  await open(page, "/stations/MCS-0042");
  await page.getByLabel("Name").fill("Unsaved name");
  await recordExitText(page);
  await closeAndAnswer(page, "stay");
  await expectAskedWithTheSpecsQuestion(page);
  await expect(page.getByLabel("Name")).toHaveValue("Unsaved name");
  await closeAndAnswer(page, "leave");
  expect(page.isClosed()).toBe(true);
});

test("a page without unsaved changes closes without asking", async ({ page }) => {
  await open(page, "/settings");
  await setSwitch(page, "Use DNS discovery", false);
  // Back to what is stored: nothing left unsaved.
  await setSwitch(page, "Use DNS discovery", true);
  let asked = false;
  page.on("dialog", (dialog) => {
    asked = true;
    void dialog.accept();
  });
  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(asked).toBe(false);
});
