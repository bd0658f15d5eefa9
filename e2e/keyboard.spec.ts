// Every flow by keyboard alone, with JavaScript and without: a control counts as reachable only
// when Tab gets there from where the page put the focus, and is used with Enter or Space.
import type { Locator, Page } from "@playwright/test";
import { expect, signInOnPage, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

const api = "/configuration/api/v1.0";

/** Presses Tab until the target has the focus; fails when the tab order never gets there. */
async function tabTo(page: Page, target: Locator, limit = 150) {
  for (let press = 0; press < limit; press += 1) {
    if ((await target.and(page.locator(":focus")).count()) > 0) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** With JavaScript, keys pressed before hydration would reach a page that does not listen yet. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await liveCaughtUp(page);
  }
}

test.describe("as an admin", () => {
  test("the sidebar leads to the stations and on to a station's details", async ({ page }) => {
    await visit(page, "/dashboard");
    const navigation = page.getByRole("navigation", { name: "Main navigation" });
    await tabTo(page, navigation.getByRole("link", { name: "Stations" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Stations" })).toBeVisible();
    await visit(page, "/stations");
    await tabTo(page, page.getByRole("link", { name: "Main Hall" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/stations\/MCS-0042$/);
  });

  test("renames a station, then confirms a reboot in its dialog", async ({ page }) => {
    await visit(page, "/stations/MCS-0042");
    await tabTo(page, page.getByLabel("Name"));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Keyboard Hall");
    await tabTo(page, page.getByRole("button", { name: "Save name" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Keyboard Hall" })).toBeVisible();
    expect(((await simulator.api("admin", "GET", `${api}/stations/MCS-0042`)) as { name: string }).name).toBe(
      "Keyboard Hall",
    );

    await visit(page, "/stations/MCS-0042");
    await tabTo(page, page.getByRole("link", { name: "Reboot" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Reboot Keyboard Hall?" });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: "Reboot" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("The station is rebooting.").first()).toBeVisible();
  });

  test("moves a channel in the app view", async ({ page }) => {
    await visit(page, "/appView");
    await tabTo(page, page.getByRole("button", { name: "Move Q&A Microphone up" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Q&A Microphone is now at position 2.").first()).toBeVisible();
  });

  test("adds an API token", async ({ page }) => {
    await visit(page, "/apiTokens");
    await tabTo(page, page.getByRole("link", { name: "Add Token" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Token" });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel("Name"));
    await page.keyboard.type("Keyboard kiosk");
    await tabTo(page, dialog.getByLabel("Channels: read"));
    await page.keyboard.press("Space");
    await expect(dialog.getByLabel("Channels: read")).toBeChecked();
    await tabTo(page, dialog.getByRole("button", { name: "Create token" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Token “Keyboard kiosk” created" })).toBeVisible();
  });
});

// Signing out ends the server session, so this test signs in on its own page, not with the
// session the other tests share.
test.describe("signed in on this page", () => {
  test.use({ role: "none" });

  test("opens the personal menu and logs out", async ({ page }) => {
    await page.goto("/login");
    await signInOnPage(page, "owner");
    await expect(page).toHaveURL(/\/dashboard/);
    await visit(page, "/dashboard");
    await tabTo(page, page.locator("summary", { hasText: /Account menu of/ }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: "Log out" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("calls the next speaker", async ({ page }) => {
    await visit(page, "/moderation/MCS-0043/1");
    await expect(page.getByTestId("current-speaker")).toContainText("Anna Keller");
    await tabTo(page, page.getByRole("button", { name: "Next speaker" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("current-speaker")).toContainText("Ben Moreau");
  });
});
