// Settings: the DNS configuration card (validation, confirmation, what is active, failure) and
// the dark-mode switch — with and without JavaScript.
import { setSwitch } from "./admin-helpers";
import { expect, simulator, test } from "./support/fixtures";

const systemSettingsPath = "/configuration/api/v1.0/settings/system";

test.describe("as an admin", () => {
  test("the page has a breadcrumb header, and the card shows DNS discovery in use", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByText("Settings")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: "DNS configuration" })).toBeVisible();
    await expect(page.getByTestId("dns-active")).toHaveText("Active:DNS in use");
    await expect(page.getByLabel("Use DNS discovery")).toBeChecked();
  });

  test("turning discovery off needs a valid manager IP; after confirming, the card shows the IP", async ({ page }) => {
    await page.goto("/settings");
    await setSwitch(page, "Use DNS discovery", false);
    const ip = page.getByLabel("Manager IP address");
    await expect(ip).toBeEnabled();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter the Manager's IP address.").first()).toBeVisible();

    await ip.fill("10.10.20.300");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a valid IPv4 address, for example 192.168.1.10.").first()).toBeVisible();
    await expect(ip).toHaveValue("10.10.20.300");

    await ip.fill("10.10.20.5");
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the DNS settings?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Stations will connect to the Manager at 10.10.20.5.")).toBeVisible();
    await dialog.getByRole("button", { name: "Save" }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText("The DNS settings have been saved.").first()).toBeVisible();
    await expect(page.getByTestId("dns-active")).toHaveText("Active:Manager IP 10.10.20.5");
    expect(await simulator.api("admin", "GET", systemSettingsPath)).toEqual({
      dnsDiscoverySettings: { useDnsDiscovery: false, managerIpAddress: "10.10.20.5" },
    });
  });

  test("cancelling the confirmation saves nothing and keeps what was typed", async ({ page }) => {
    await page.goto("/settings");
    await setSwitch(page, "Use DNS discovery", false);
    await page.getByLabel("Manager IP address").fill("10.10.20.7");
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the DNS settings?" });
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("Manager IP address")).toHaveValue("10.10.20.7");
    await expect(page.getByLabel("Use DNS discovery")).not.toBeChecked();
    await expect(page.getByTestId("dns-active")).toHaveText("Active:DNS in use");
    expect((await simulator.api("admin", "GET", systemSettingsPath)).dnsDiscoverySettings.useDnsDiscovery).toBe(true);
  });

  test("switching discovery back on keeps the stored IP", async ({ page }) => {
    await simulator.api("admin", "PUT", systemSettingsPath, {
      dnsDiscoverySettings: { useDnsDiscovery: false, managerIpAddress: "10.10.20.9" },
    });
    await page.goto("/settings");
    await expect(page.getByTestId("dns-active")).toHaveText("Active:Manager IP 10.10.20.9");
    await expect(page.getByLabel("Manager IP address")).toHaveValue("10.10.20.9");
    await setSwitch(page, "Use DNS discovery", true);
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the DNS settings?" });
    await expect(dialog.getByText("Stations will find the Manager by DNS discovery.")).toBeVisible();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("dns-active")).toHaveText("Active:DNS in use");
    expect(await simulator.api("admin", "GET", systemSettingsPath)).toEqual({
      dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "10.10.20.9" },
    });
  });

  test("a failed save shows the card's message and keeps the values", async ({ page }) => {
    await page.goto("/settings");
    await setSwitch(page, "Use DNS discovery", false);
    await page.getByLabel("Manager IP address").fill("10.10.20.5");
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the DNS settings?" });
    await expect(dialog).toBeVisible();
    await simulator.faults({ failNext5xx: 1, failWritesOnly: true });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The DNS settings could not be saved. Please try again.")).toBeVisible();
    await expect(page.getByLabel("Manager IP address")).toHaveValue("10.10.20.5");
    await expect(page.getByLabel("Use DNS discovery")).not.toBeChecked();
    await expect(page.getByTestId("dns-active")).toHaveText("Active:DNS in use");
  });

  test("the dark-mode switch sets the theme, rendered by the server", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    const preferences = page.getByRole("region", { name: "Preferences" });
    await setSwitch(preferences, "Dark mode", true);
    if (test.info().project.name === "nojs") await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(preferences.getByRole("switch", { name: "Dark mode" })).toBeChecked();
    await setSwitch(preferences, "Dark mode", false);
    if (test.info().project.name === "nojs") await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  });
});

test("an unchanged form saves nothing: Save is disabled with JavaScript, a no-op with a message without", async ({
  page,
}) => {
  await page.goto("/settings");
  const save = page.getByRole("button", { name: "Save" });
  if (test.info().project.name === "js") {
    await expect(save).toBeDisabled();
    return;
  }
  await save.click();
  await expect(page.getByText("Nothing has changed: the DNS settings stay as they are.").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("the settings page is forbidden", async ({ page }) => {
    const response = await page.goto("/settings");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
  });
});
