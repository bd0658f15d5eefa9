// The shell every screen stands on: sign-in by role, deep links, error pages, sign-out.
import { expect, signInOnPage, simulator, test } from "./support/fixtures";

test.describe("signed out", () => {
  test.use({ role: "none" });

  for (const [role, landing] of [
    ["admin", "/dashboard"],
    ["owner", "/dashboard"],
    ["moderator", "/appView"],
  ] as const) {
    test(`${role} signs in and lands on ${landing}`, async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/login$/);
      await signInOnPage(page, role);
      await expect(page).toHaveURL(landing);
      await page.locator("summary", { hasText: /Account menu of/ }).click();
      await expect(page.getByTestId("role-chip")).toHaveText(role[0]!.toUpperCase() + role.slice(1));
    });
  }

  test("a signed-out visit to a deep URL returns to exactly that URL after sign-in", async ({ page }) => {
    const deepUrl = "/stations/MCS-0042/network?view=all&x=%C3%A4";
    await page.goto(deepUrl);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await signInOnPage(page, "admin");
    await expect(page).toHaveURL(deepUrl);
  });

  test.describe(() => {
    // The dashboard's live updates may still be opening their sockets when the user signs out:
    // the bridge then refuses them (the session is gone), as it must, and Chromium logs that.
    test.use({ expectedConsoleErrors: [/WebSocket connection to .*\/hubs\/\w+.* failed: HTTP Authentication failed/] });

    test("signing out ends the session and a protected page asks to sign in again", async ({ page }) => {
      await page.goto("/login");
      await signInOnPage(page, "owner");
      await expect(page).toHaveURL("/dashboard");
      await page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/login\?state=[\w-]+$/);
      await expect(page.getByText("You have been signed out.")).toBeVisible();
      await page.goto("/stations");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstations/);
    });
  });

  test("an unknown path shows the 404 page, whose action goes to the stations list", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops" })).toBeVisible();
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Stations" })).toHaveAttribute("href", "/stations");
  });
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("opening /stations shows the 403 page, whose action signs out and comes back", async ({ page }) => {
    const response = await page.goto("/stations");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
    await expect(page.getByText("You are not allowed to see this page")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link")).toHaveText([
      "App Configuration",
      "Moderation",
      "Alerts",
    ]);
  });
});

test.describe("as an admin", () => {
  test("the sidebar shows all three groups and the footer the backend version", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link")).toHaveText([
      "Dashboard",
      "Stations",
      "Firmware Rollouts",
      "App Configuration",
      "Moderation",
      "Listener History",
      "Alerts",
      "API Tokens",
      "Settings",
      "App Customization",
      "Audit Log",
    ]);
    await expect(page.getByTestId("backend-version")).toContainText(/Version \d/);
  });

  test("the no-backend page shows while the Manager is down", async ({ page }) => {
    await simulator.faults({ down: true });
    await page.goto("/dashboard");
    await expect(page.getByText("Web server not running")).toBeVisible();
    await expect(page.getByRole("link", { name: "Reload" })).toBeVisible();
  });

  test("dark mode and language are chosen by form and rendered by the server", async ({ page }, testInfo) => {
    const withoutJavaScript = testInfo.project.name === "nojs";
    await page.goto("/dashboard");
    await page.locator("summary", { hasText: /Account menu of/ }).click();
    await page.getByRole("button", { name: "Dark mode" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.locator("summary", { hasText: /Account menu of/ }).click();
    await page.getByLabel("Language").selectOption("de");
    if (withoutJavaScript) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  });
});
