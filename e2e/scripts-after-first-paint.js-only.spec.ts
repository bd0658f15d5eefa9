// The page's module preloads are held until the first paint, then started eight per task so that a
// tap or a scroll is answered in between
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#scripts-after-the-first-paint):
// every one of them is started, before the scripts they preload have even arrived.
import { expect, test } from "./support/fixtures";

test("every held module preload is started, before the page's scripts arrive", async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  // The client entry is kept back, so the page cannot hydrate (and re-render its head) meanwhile.
  await page.route(/\/build\/entry\.client-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/appView", { waitUntil: "commit" });
  const held = page.locator('link[data-after-paint="modulepreload"]');
  await expect(page.locator('link[data-after-paint="modulepreload"][rel="modulepreload"]').first()).toBeAttached();
  await expect(page.locator('link[data-after-paint="modulepreload"]:not([rel="modulepreload"])')).toHaveCount(0);
  expect(await held.count()).toBeGreaterThan(8);
  await expect(page.locator("html")).not.toHaveAttribute("data-js", "on");

  release();
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
});
