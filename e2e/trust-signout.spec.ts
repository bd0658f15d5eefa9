// Issue 11, items 2 and 3, as the attack and the kiosk would try them: a foreign site cannot
// sign anybody out with a link or a meta refresh, and after signing out Back shows the sign-in
// page, never the last person's page from the browser cache. JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, signInOnPage, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

const foreignSite = "http://evil.example";

async function signIn(page: Page, role: "admin" | "owner") {
  // A session of its own: signing out must not end the one other tests share.
  await page.goto("/login");
  await signInOnPage(page, role);
  await expect(page).toHaveURL("/dashboard");
}

/** A page on another origin, as the attacker would serve it. */
async function serveForeignPage(page: Page, html: string) {
  await page.route(`${foreignSite}/**`, (route) => route.fulfill({ contentType: "text/html", body: html }));
}

async function expectStillSignedIn(page: Page) {
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome, /, level: 1 })).toBeVisible();
}

test.describe("sign-out is a POST", () => {
  test.use({ role: "none" });

  test("a link to /logout on another site only asks, and the user stays signed in", async ({ page }) => {
    await signIn(page, "owner");
    await serveForeignPage(page, `<a href="${consoleUrl}/logout">Win a prize</a>`);
    await page.goto(`${foreignSite}/prize`);
    await page.getByRole("link", { name: "Win a prize" }).click();
    await expect(page).toHaveURL(`${consoleUrl}/logout`);
    await expect(page.getByRole("heading", { name: "Sign out", level: 1 })).toBeVisible();
    await expectStillSignedIn(page);
  });

  test("a meta refresh to /logout on another site leaves the user signed in", async ({ page }) => {
    await signIn(page, "owner");
    await serveForeignPage(
      page,
      `<meta http-equiv="refresh" content="0;url=${consoleUrl}/logout?redirectTo=%2Fstations">`,
    );
    await page.goto(`${foreignSite}/refresh`);
    await expect(page).toHaveURL(`${consoleUrl}/logout?redirectTo=%2Fstations`);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expectStillSignedIn(page);
  });

  test("the confirmation's button signs out; Cancel goes back", async ({ page }) => {
    await signIn(page, "owner");
    await page.goto("/logout?redirectTo=%2Fstations");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/stations");
    await page.goto("/logout?redirectTo=%2Fstations");
    await page.getByRole("button", { name: "Sign out" }).click();
    // Back from ending the identity provider's session too (trust-kiosk-sign-in.spec.ts).
    await expect(page).toHaveURL(/^[^?]*\/login\?state=[\w-]+$/);
    await expect(page.getByText("You have been signed out.")).toBeVisible();
    await expect(page.getByText("After signing in you will return to /stations.")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
  });

  test("a signed-out visitor to /logout gets the sign-in page", async ({ page }) => {
    await page.goto("/logout");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("after sign-out nothing comes from the browser cache", () => {
  // The stations list's live updates may still be opening their socket when the user signs out:
  // the bridge then refuses it (the session is gone), as it must, and Chromium logs that.
  test.use({
    role: "none",
    expectedConsoleErrors: [/WebSocket connection to .*\/hubs\/\w+.* failed: HTTP Authentication failed/],
  });

  test("Back after signing out shows the sign-in page, not the last page", async ({ page }) => {
    await signIn(page, "admin");
    await page.goto("/stations");
    await expect(page.getByRole("heading", { name: "Stations", level: 1 })).toBeVisible();
    await page.locator("summary", { hasText: /Account menu of/ }).click();
    await page.locator(".personal-menu-panel").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/^[^?]*\/login\?state=[\w-]+$/);
    await expect(page.getByText("You have been signed out.")).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL("/login?redirectTo=%2Fstations");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Stations", level: 1 })).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });
});
