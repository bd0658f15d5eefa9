// Listener history with JavaScript (issue 35, item 3): a range up to now extends live from the
// stations hub, without a reload; a past range follows nothing.
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

test("a range up to now takes in new listeners live, without a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await simulator.reset();
  await page.goto("/listening?station=MCS-0042&channel=1&range=6h");
  await liveCaughtUp(page);
  // A mark on the document: a full reload would lose it.
  await page.evaluate(() => Object.assign(window, { beforeTheListeners: true }));
  const peak = page
    .locator("div")
    .filter({ has: page.getByText("Most listeners at once", { exact: true }) })
    .last();
  // More than the default fleet ever gives the channel: the peak of the range can only be it.
  await simulator.setListeners("MCS-0042", 487, 1);
  await expect(peak).toContainText("487", { timeout: 60_000 });
  expect(await page.evaluate(() => "beforeTheListeners" in window), "the page was not reloaded").toBe(true);
});

test("a venue of more channels than a page pages its breakdown, the same before and after hydration", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Generated stations with listeners: more channels than the breakdown's page of 20.
  await simulator.seed(40);
  const pages = page.getByRole("navigation", { name: "Channel pages" });
  await expect(async () => {
    await page.goto("/listening?range=6h");
    await expect(pages).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  // Hydrated without a mismatch (the fixture fails the test on React's hydration errors).
  await liveCaughtUp(page);
  await expect(pages.getByRole("link", { name: "Next page" })).toBeVisible();
  await simulator.reset();
});
