// JavaScript comforts of the app customization: the live preview, hex typing, Save and Undo
// waiting for a change, pushes from the customization hub, and the unsaved-changes guard.
import sharp from "sharp";
import { expectNoAxeViolations, setSwitch, withoutAppScripts } from "./admin-helpers";
import { expect, simulator, test } from "./support/fixtures";
import type { Page } from "@playwright/test";

const configPath = "/configuration/api/v1.0/appCustomizationConfiguration";

async function logoDataUrl(colour: string) {
  const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: colour } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

async function storeConfiguration(logoColour = "#ffcc00", change: Record<string, unknown> = {}) {
  return simulator.api("admin", "POST", configPath, {
    isActive: true,
    logo: await logoDataUrl(logoColour),
    backgroundColor: "F5F5F5",
    highlightColor: "0096D6",
    fontColor: "dark",
    onboardings: [{ sortId: 1, headline: "Welcome", text: "Pick a channel to listen to.", picture: null }],
    ...change,
  });
}

async function open(page: Page) {
  await page.goto("/appCustomization");
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
}

/** The phone screen's background as the user sees it. */
function screenBackground(page: Page) {
  return page
    .getByTestId("draft-preview")
    .getByRole("group", { name: "Channel list in the app" })
    .evaluate((phone) => getComputedStyle(phone.firstElementChild!).backgroundColor);
}

test("the preview follows unsaved changes, with three sample channels", async ({ page }) => {
  await storeConfiguration();
  await open(page);
  const preview = page.getByTestId("draft-preview");
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  expect(await screenBackground(page)).toBe("rgb(245, 245, 245)");
  await page.getByRole("textbox", { name: "Background colour", exact: true }).fill("ff0000");
  await expect.poll(() => screenBackground(page)).toBe("rgb(255, 0, 0)");
  await page.getByRole("textbox", { name: "Headline" }).fill("Hello there");
  await expect(preview.getByText("Hello there")).toBeVisible();
  expect((await simulator.api("admin", "GET", configPath)).backgroundColor).toBe("F5F5F5");
});

test("the hex field drops non-hex characters while typing and expands 3 characters to 6", async ({ page }) => {
  await storeConfiguration();
  await open(page);
  const highlight = page.getByRole("textbox", { name: "Highlight colour", exact: true });
  await highlight.fill("");
  await highlight.pressSequentially("#0x-a;f");
  await expect(highlight).toHaveValue("0af");
  await highlight.blur();
  await expect(highlight).toHaveValue("00AAFF");
  await expect(page.getByRole("img", { name: "Highlight colour: #00AAFF" })).toBeVisible();
});

test("a low-contrast warning follows the background and font colours as they change", async ({ page }) => {
  await storeConfiguration();
  await open(page);
  const warning = page.getByRole("status").filter({ hasText: "Low contrast" });
  await expect(warning).toHaveCount(0);
  await page.getByRole("textbox", { name: "Background colour", exact: true }).fill("112233");
  await expect(warning).toBeVisible();
  await page.getByRole("radio", { name: "Light" }).check();
  await expect(warning).toHaveCount(0);
});

test("Save and Undo wait for a change; Undo restores the stored state", async ({ page }) => {
  await storeConfiguration();
  await open(page);
  const save = page.getByRole("button", { name: "Save", exact: true });
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(save).toBeDisabled();
  await expect(undo).toBeDisabled();
  await page.getByRole("button", { name: "Add screen" }).click();
  await expect(save).toBeDisabled();
  await page.getByRole("radio", { name: "Light" }).check();
  await expect(save).toBeEnabled();
  await undo.click();
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.getByTestId("onboarding-screen")).toHaveCount(1);
  await expect(save).toBeDisabled();
});

test("a change pushed by the customization hub shows without a reload", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("link", { name: "Reset to default" })).toHaveCount(0);
  // The page's hub is connected once the bridge has opened it upstream.
  await expect.poll(async () => (await simulator.state()).hubConnections).toBeGreaterThan(0);
  const { logo } = await storeConfiguration("#00ff00");
  await expect(page.getByTestId("draft-preview").getByTestId("phone-preview-logo")).toHaveAttribute("src", logo);
  await expect(page.getByRole("link", { name: "Reset to default" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Headline" })).toHaveValue("Welcome");
});

test("leaving with unsaved customization changes asks first", async ({ page }) => {
  await storeConfiguration();
  await open(page);
  await page.getByRole("textbox", { name: "Headline" }).fill("Unsaved");
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  await navigation.getByRole("link", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/appCustomization");
  await expect(page.getByRole("textbox", { name: "Headline" })).toHaveValue("Unsaved");
  await navigation.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL("/settings");
});

test.describe("accessibility (axe, WCAG 2.x A/AA)", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`${scheme} mode: empty, stored with errors, the reset dialog; and without JavaScript`, async ({ page }) => {
      if (scheme === "dark") {
        await page.goto("/settings");
        await setSwitch(page.getByRole("region", { name: "Preferences" }), "Dark mode", true);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      }
      await open(page);
      await expectNoAxeViolations(page);
      await storeConfiguration("#ffffff", { backgroundColor: "003746", fontColor: "light" });
      await open(page);
      await page.getByRole("textbox", { name: "Highlight colour", exact: true }).fill("12");
      await page.getByRole("textbox", { name: "Text" }).fill("");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Invalid hex value").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await withoutAppScripts(page);
      for (const path of ["/appCustomization", "/appCustomization?confirm=resetCustomization"]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
    });
  }
});
