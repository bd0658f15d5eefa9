// A dialog moves the focus to its first button 300 ms after it opens (the spec), but not once the
// user has pressed a key: a Tab to the confirming button followed by Enter confirms, however
// quickly it comes. The page's clock is paused once the page has loaded, so the 300 ms pass only
// when the test says so.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The station's page, hydrated, with its timers stopped from here on. */
async function stationWithClockPaused(page: Page) {
  await page.clock.install();
  await page.goto("/stations/MCS-0042");
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

test("the first button takes the focus 300 ms after the dialog opens", async ({ page }) => {
  await stationWithClockPaused(page);
  await page.getByRole("link", { name: "Factory reset" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Main Hall to factory settings?" });
  await expect(dialog).toBeVisible();
  await page.clock.runFor(1);
  // Mantine's focus trap takes the dialog's first control at once; the spec's move comes later.
  await expect(dialog.getByRole("checkbox", { name: "Keep the network settings" })).toBeFocused();
  await page.clock.runFor(300);
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
});

test("a Tab pressed before then keeps the focus where it took it, and Enter confirms", async ({ page }) => {
  await stationWithClockPaused(page);
  await page.getByRole("link", { name: "Reboot" }).click();
  const dialog = page.getByRole("dialog", { name: "Reboot Main Hall?" });
  await expect(dialog).toBeVisible();
  await page.clock.runFor(1);
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  const reboot = dialog.getByRole("button", { name: "Reboot" });
  await expect(reboot).toBeFocused();
  await page.clock.runFor(1000);
  await expect(reboot).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("The station is rebooting.").first()).toBeVisible();
});
