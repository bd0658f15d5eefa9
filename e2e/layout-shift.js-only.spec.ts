// No layout shift (issue 38, item 3): on a 390 px phone with JavaScript, the lists a venue admin
// opens first, and the live pages with a refresh link for browsers without JavaScript, lay out at
// their first paint what they show once hydrated — nothing appears above the table later, nothing
// hidden after hydration moves what follows it. Measured as the browser measures it (a
// PerformanceObserver of `layout-shift` entries, from the first byte to the page at rest), with
// the app's scripts held until the server's page has been painted, as on a slow kiosk: the
// cumulative layout shift must stay at or under 0.01 (Lighthouse's "good" is 0.1).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

declare global {
  interface Window {
    layoutShifts: Array<{ value: number; sources: string[] }>;
    firstPaintDone?: () => void;
  }
}

/** The page's layout shifts from its first paint until it is hydrated and at rest. */
async function layoutShiftsOf(page: Page, path: string) {
  let painted!: () => void;
  const firstPaint = new Promise<void>((resolve) => (painted = resolve));
  await page.exposeFunction("firstPaintDone", () => painted());
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }
      >) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName),
        );
        window.layoutShifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver(() => window.firstPaintDone?.()).observe({ type: "paint", buffered: true });
  });
  // The app's scripts wait for the server's page to be painted: its first layout is the one measured against.
  await page.route("**/build/**/*.js", async (route) => {
    await firstPaint;
    await route.continue();
  });
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  // At rest: the loads after hydration (live updates' catch-up, lazy parts) answered, and a frame drawn after them.
  await liveCaughtUp(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => window.layoutShifts);
}

const routes = ["/stations", "/auditLog", "/firmware/rollouts", "/dashboard", "/moderation/MCS-0043/1"];

for (const path of routes) {
  test(`${path} does not move after its first paint on a phone (CLS ≤ 0.01)`, async ({ page }) => {
    const shifts = await layoutShiftsOf(page, path);
    const cumulative = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(cumulative, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.01);
  });
}
