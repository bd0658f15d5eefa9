// The shell on a narrow screen: below 1000 px the sidebar is a drawer behind the header's menu
// button, opened with JavaScript in place and without it as URL state (?nav=1); a link in it
// leads on and leaves the drawer closed.
import { expect, test } from "./support/fixtures";

test.use({ viewport: { width: 800, height: 600 } });

test("the menu button opens and closes the navigation, and a link in it leads on", async ({ page }) => {
  await page.goto("/stations");
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  await expect(navigation).toBeHidden();

  await page.getByRole("link", { name: "Open navigation" }).click();
  await expect(navigation).toBeVisible();
  await expect(navigation.getByRole("link", { name: "Stations" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Close navigation" })).toHaveAttribute("aria-expanded", "true");

  await page.getByRole("link", { name: "Close navigation" }).click();
  await expect(navigation).toBeHidden();

  await page.getByRole("link", { name: "Open navigation" }).click();
  await navigation.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("page-title")).toHaveText("Dashboard");
  await expect(navigation).toBeHidden();
});

test("on a wide screen the navigation stays and the menu button is not shown", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/stations");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open navigation" })).toBeHidden();
});

test("the shell holds the navigation's slide only while the window is being resized", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/stations");
  const shell = page.locator(".shell");
  // Settled from the first paint: clearing the mark after load restyled every element of the page.
  await expect(shell).not.toHaveAttribute("data-resizing");
  await page.setViewportSize({ width: 1280, height: 800 });
  // Without JavaScript nothing reacts to the resize; with it, the mark comes and goes.
  if (javaScriptEnabled) await expect(shell).toHaveAttribute("data-resizing", "true");
  await expect(shell).not.toHaveAttribute("data-resizing");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
});
