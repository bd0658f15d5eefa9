// axe-core (WCAG 2.x A/AA) over the administration screens, hydrated and as rendered for a
// browser without JavaScript, in light and dark mode. JavaScript-only because axe runs in the page.
import sharp from "sharp";
import { expectNoAxeViolations, setSwitch, withoutAppScripts } from "./admin-helpers";
import { expect, simulator, test } from "./support/fixtures";
import type { Page } from "@playwright/test";

async function storeCustomization() {
  const logo = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#ffffff" } }).png().toBuffer();
  await simulator.api("admin", "POST", "/configuration/api/v1.0/appCustomizationConfiguration", {
    isActive: true,
    logo: `data:image/png;base64,${logo.toString("base64")}`,
    backgroundColor: "F5F5F5",
    highlightColor: "0096D6",
    fontColor: "dark",
    onboardings: [{ sortId: 1, headline: "Welcome", text: "Pick a channel.", picture: null }],
  });
}


for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} mode`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      if (scheme === "dark") {
        await page.goto(`${baseURL}/settings`);
        await setSwitch(page.getByRole("region", { name: "Preferences" }), "Dark mode", true);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      }
    });

    test("settings, with the confirmation and a field error", async ({ page }) => {
      await page.goto("/settings");
      await expect(page.locator("html")).toHaveAttribute("data-js", "on");
      await expectNoAxeViolations(page);
      await setSwitch(page, "Use DNS discovery", false);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Enter the Manager's IP address.").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/settings?confirm=dnsConfig&useDnsDiscovery=off&managerIpAddress=10.10.20.5");
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("API tokens, the Add Token dialog with errors and the created token", async ({ page }) => {
      await page.goto("/apiTokens");
      await expectNoAxeViolations(page);
      await page.goto("/apiTokens?dialog=addToken");
      await expect(page.locator("html")).toHaveAttribute("data-js", "on");
      await page.getByRole("button", { name: "Create token" }).click();
      await expect(page.getByText("Choose at least one scope.").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Name").fill("Axe");
      await page.getByLabel("Stations: read").check();
      await page.getByRole("button", { name: "Create token" }).click();
      await expect(page.getByRole("dialog", { name: "Token “Axe” created" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("app customization, empty and stored, with errors", async ({ page }) => {
      await page.goto("/appCustomization");
      await expect(page.locator("html")).toHaveAttribute("data-js", "on");
      await expectNoAxeViolations(page);
      await storeCustomization();
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-js", "on");
      await page.getByRole("textbox", { name: "Highlight colour", exact: true }).fill("12");
      await page.getByRole("textbox", { name: "Text" }).fill("");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Invalid hex value").first()).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the screens as rendered without JavaScript", async ({ page }) => {
      await storeCustomization();
      await withoutAppScripts(page);
      for (const path of ["/settings", "/apiTokens?dialog=addToken", "/appCustomization", "/appCustomization?confirm=resetCustomization"]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
    });
  });
}
