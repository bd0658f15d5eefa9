// A failing Manager gets the page or message the spec names (DESIGN.md §4) — never a hang or a
// crash.
import { expect, signInOnPage, simulator, test } from "./support/fixtures";

test("a Manager that is down gives the no-backend page", async ({ page }) => {
  await simulator.faults({ down: true });
  await page.goto("/stations");
  await expect(page.getByRole("heading", { name: "No backend" })).toBeVisible();
  await expect(page.getByText("Web server not running")).toBeVisible();
  await simulator.faults({ down: false });
  await page.getByRole("link", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "No backend" })).toBeHidden();
});

test("a Manager answering 5xx gives the 500 page", async ({ page }) => {
  await simulator.faults({ failNext5xx: "always", failPath: "/stations" });
  const response = await page.goto("/stations");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { name: "We're sorry" })).toBeVisible();
  await expect(page.getByText("Unexpected Error")).toBeVisible();
  // The shell stays: the failure is the page's, not the console's.
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
});

test("a Manager slower than the timeout gives the no-backend page instead of hanging", async ({ page }) => {
  await simulator.faults({ latencyMs: 5000 });
  const started = Date.now();
  await page.goto("/stations");
  await expect(page.getByText("Web server not running")).toBeVisible();
  expect(Date.now() - started).toBeLessThan(15_000);
});

test.describe("an invalid token", () => {
  test.use({ role: "none" });

  test("gives the expired-session page, whose action signs in again and comes back", async ({ page }) => {
    await page.goto("/login");
    await signInOnPage(page, "owner");
    await expect(page).toHaveURL("/dashboard");
    await simulator.faults({ invalidToken: true });
    await page.goto("/stations?page=1");
    await expect(page.getByRole("heading", { name: "Session expired" })).toBeVisible();
    await simulator.faults({ invalidToken: false });
    await page.getByRole("button", { name: "Log in again" }).click();
    // Signed out at the console and at the identity provider, which sends the browser back.
    await expect(page).toHaveURL(/\/login\?state=[\w-]+$/);
    await expect(page.getByText("After signing in you will return to /stations?page=1.")).toBeVisible();
    await signInOnPage(page, "owner");
    await expect(page).toHaveURL("/stations?page=1");
  });
});
