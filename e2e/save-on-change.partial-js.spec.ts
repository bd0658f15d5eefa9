// Issue 25, item 6: what a screen shows is what is saved. A control that saves on change, changed
// while the page's JavaScript is still loading (its route module held back here), is flipped by
// the browser alone; once the page has hydrated, the change is submitted, so the screen never
// shows a state that is not saved — and the Apply button it had before hydration is not needed.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** Holds back one route module of the build until `release()`: the page renders, but cannot hydrate. */
async function holdRouteModule(page: Page, route: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const file = new RegExp(`/build/routes/${route.replaceAll(".", "\\.").replaceAll("$", "\\$")}-[A-Z0-9]+\\.js$`);
  await page.route(file, async (request) => {
    await released;
    await request.continue();
  });
  return release;
}

const html = (page: Page) => page.locator("html");

test("the dark-mode switch flipped before hydration is saved once the page has hydrated", async ({ page }) => {
  const release = await holdRouteModule(page, "_app.settings");
  await page.goto("/settings", { waitUntil: "commit" });
  const darkMode = page.getByRole("switch", { name: "Dark mode" });
  await expect(darkMode).not.toBeChecked();
  await page.locator("#main").getByText("Dark mode", { exact: true }).click();
  await expect(darkMode).toBeChecked();
  await expect(html(page)).not.toHaveAttribute("data-js", "on");

  release();
  await expect(html(page)).toHaveAttribute("data-js", "on");
  await expect(html(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(darkMode).toBeChecked();
  await page.reload();
  await expect(html(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(page.getByRole("switch", { name: "Dark mode" })).toBeChecked();
});

test("rows per page chosen before hydration is applied once the page has hydrated", async ({ page }) => {
  const release = await holdRouteModule(page, "_app.stations._index");
  await page.goto("/stations", { waitUntil: "commit" });
  await expect(page.getByLabel("Rows per page")).toHaveValue("25");
  await page.getByLabel("Rows per page").selectOption("50");
  await expect(html(page)).not.toHaveAttribute("data-js", "on");

  release();
  await expect(page).toHaveURL(/[?&]size=50(&|$)/);
  await expect(page.getByLabel("Rows per page")).toHaveValue("50");
});

test("a language chosen in the account menu before hydration is applied once the page has hydrated", async ({
  page,
}) => {
  const release = await holdRouteModule(page, "_app");
  await page.goto("/dashboard", { waitUntil: "commit" });
  await page.locator("summary", { hasText: /Account menu of/ }).click();
  await page.getByLabel("Language").selectOption("de");
  await expect(html(page)).not.toHaveAttribute("data-js", "on");

  release();
  await expect(html(page)).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: "Willkommen, Alex Admin", level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Willkommen, Alex Admin", level: 1 })).toBeVisible();
});
