// JavaScript comforts of the DNS configuration card: the IP field follows the switch, Save waits
// for a change, the 2 s success state, and the unsaved-changes guard.
import { expectNoAxeViolations, setSwitch, withoutAppScripts } from "./admin-helpers";
import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ page }) => {
  await page.goto("/settings");
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
});

test("the manager IP is disabled while DNS discovery is on, and Save waits for a change", async ({ page }) => {
  const ip = page.getByLabel("Manager IP address");
  const save = page.getByRole("button", { name: "Save" });
  await expect(ip).toBeDisabled();
  await expect(save).toBeDisabled();
  await setSwitch(page, "Use DNS discovery", false);
  await expect(ip).toBeEnabled();
  await expect(save).toBeEnabled();
  await setSwitch(page, "Use DNS discovery", true);
  await expect(ip).toBeDisabled();
  await expect(save).toBeDisabled();
});

test("after a save the button shows its success state, then returns to Save", async ({ page }) => {
  await setSwitch(page, "Use DNS discovery", false);
  await page.getByLabel("Manager IP address").fill("10.10.20.5");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog", { name: "Save the DNS settings?" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await expect(page.getByTestId("dns-active")).toHaveText("Active:Manager IP 10.10.20.5");
});

test("leaving with unsaved DNS changes asks first", async ({ page }) => {
  await setSwitch(page, "Use DNS discovery", false);
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  await navigation.getByRole("link", { name: "API Tokens" }).click();
  const dialog = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/settings");
  await navigation.getByRole("link", { name: "API Tokens" }).click();
  await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL("/apiTokens");
});

test.describe("accessibility (axe, WCAG 2.x A/AA)", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`${scheme} mode: the card, a field error and the confirmation; and the page without JavaScript`, async ({
      page,
    }) => {
      if (scheme === "dark") {
        await setSwitch(page.getByRole("region", { name: "Preferences" }), "Dark mode", true);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      }
      await expectNoAxeViolations(page);
      await setSwitch(page, "Use DNS discovery", false);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Enter the Manager's IP address.").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/settings?confirm=dnsConfig&useDnsDiscovery=off&managerIpAddress=10.10.20.5");
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
      await withoutAppScripts(page);
      await page.goto("/settings");
      await expectNoAxeViolations(page);
    });
  }
});
