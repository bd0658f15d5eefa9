// The page's JavaScript is fetched only once the page has been painted
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#scripts-after-the-first-paint):
// on a slow link the HTML and the stylesheets have it to themselves until the page shows. Without
// JavaScript no script is fetched at all.
import { expect, test } from "./support/fixtures";

const routes = ["/dashboard", "/stations", "/stations/MCS-0042", "/moderation/MCS-0043/1", "/appView", "/settings"];
const isScript = (url: string) => /\/build\/.+\.js$/.test(new URL(url).pathname);

for (const path of routes) {
  test(`${path}: scripts are fetched after the first paint, or not at all without JavaScript`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (isScript(request.url())) scripts.push(request.url());
    });
    await page.goto(path);
    if (test.info().project.name !== "js") {
      await expect(page.getByRole("main")).toBeVisible();
      expect(scripts).toEqual([]);
      return;
    }
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    const { firstPaint, firstScript, scriptCount } = await page.evaluate(() => {
      const scriptEntries = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/build\/.+\.js$/.test(new URL(entry.name).pathname));
      return {
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        firstScript: Math.min(...scriptEntries.map((entry) => entry.startTime)),
        scriptCount: scriptEntries.length,
      };
    });
    expect(scriptCount).toBeGreaterThan(10);
    expect(firstScript).toBeGreaterThanOrEqual(firstPaint);
  });
}
