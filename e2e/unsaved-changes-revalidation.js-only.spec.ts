// Issue 33: the "Unsaved changes" question closed by itself when a revalidation (the live hubs'
// catch-up, a live update) completed while it was open — Remix's router resets every blocker when
// any navigation completes, and counts a revalidation as one — and its "Yes" then did nothing.
// Here the hubs' catch-up revalidation is held in the browser across the question, a live update
// lands meanwhile, and the revalidation is let go while the question is open: the question stays,
// the page shows the new data beneath it, and "Yes" goes where the user asked to go.
import type { Route } from "@playwright/test";
import { managerPaths } from "../app/contract/paths";
import { expect, simulator, test } from "./support/fixtures";

test("the question survives a revalidation that completes while it is open, and its Yes still leaves", async ({
  page,
}) => {
  // The station page's data requests wait until the test lets them go.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const firstHeld = new Promise<void>((resolve) => (held = resolve));
  await page.route(/\/stations\/MCS-0042\.data/, async (route: Route) => {
    held();
    await released;
    await route.continue().catch(() => {});
  });

  await page.goto("/stations/MCS-0042");
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  // The hubs open and ask once for what they missed: that revalidation is now held.
  await firstHeld;

  // Changed behind the console's back meanwhile: the held revalidation will bring it.
  await simulator.api("admin", "PUT", managerPaths.updateName("MCS-0042"), { name: "Held Hall" });
  await page.getByLabel("Name").fill("Unsaved Hall");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Stations" }).click();
  const question = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(question).toBeVisible();

  const answered = page.waitForResponse(/\/stations\/MCS-0042\.data/);
  release();
  await answered;
  // The revalidation is done and shown beneath the question…
  await expect(page.locator("main h1")).toContainText("Held Hall");
  // …and the question is still asked, the page not left.
  await expect(question).toBeVisible();
  await expect(page).toHaveURL("/stations/MCS-0042");

  await question.getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL("/stations");
  await expect(page.getByRole("heading", { level: 1, name: "Stations" })).toBeVisible();
});
