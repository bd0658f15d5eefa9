// The administration's failure paths and the 403 page's way out, JavaScript on and off: a
// token revoke or delete, the customization reset (administration.md §8: "Reset fails:
// views.appCustomization.errors.resetting"), and dismissing system events (operations.md §8:
// "Dismiss and download failures go to a generic handler and are only reported", i.e.
// errors.unexpectedError), each failed by the simulator's fault controls; and the 403 page's
// "try to log in again", which signs out and, after signing in again, comes back to the page
// (operations.md §6: "signs out and returns to /login with a redirect query holding the current
// path").
import { expect, signInOnPage, simulator, test } from "./support/fixtures";
import { dialog, expectFlash, failNextWrite, managerGet, unexpectedError, visit } from "./failure-helpers";

test.describe("API tokens", () => {
  test("a failed revoke says the token could not be removed, and the token stays", async ({ page }) => {
    await visit(page, "/apiTokens");
    await page.getByRole("link", { name: "Revoke “Helpdesk automation”" }).click();
    const revoke = dialog(page, "Revoke the token “Helpdesk automation”?");
    await expect(revoke).toBeVisible();
    await failNextWrite();
    await revoke.getByRole("button", { name: "Revoke" }).click();
    // admin:apiTokens.errors.removeFailed
    await expectFlash(page, "The token could not be removed. Please try again.");
    await expect(page.getByRole("row", { name: /Helpdesk automation/ })).toBeVisible();
    expect((await managerGet<{ name: string }[]>("/tokens")).map((token) => token.name)).toContain(
      "Helpdesk automation",
    );
  });

  test("a failed delete of an expired token says it could not be removed, and the token stays", async ({ page }) => {
    await visit(page, "/apiTokens");
    await page.getByRole("link", { name: "Delete “Digital signage”" }).click();
    const remove = dialog(page, "Delete the expired token “Digital signage”?");
    await expect(remove).toBeVisible();
    await failNextWrite();
    await remove.getByRole("button", { name: "Delete" }).click();
    await expectFlash(page, "The token could not be removed. Please try again.");
    await expect(page.getByRole("row", { name: /Digital signage/ })).toBeVisible();
    expect(await managerGet("/tokens")).toHaveLength(3);
  });
});

test.describe("app customization", () => {
  test("a failed reset says the customization could not be reset, closes the dialog and keeps it stored", async ({
    page,
  }) => {
    await simulator.api("admin", "POST", "/configuration/api/v1.0/appCustomizationConfiguration", {
      isActive: true,
      logo: null,
      backgroundColor: "112233",
      highlightColor: "FFAA00",
      fontColor: "dark",
      onboardings: [],
    });
    await visit(page, "/appCustomization");
    await page.getByRole("link", { name: "Reset to default" }).click();
    const reset = dialog(page, "Reset the app customization?");
    await expect(reset).toBeVisible();
    await failNextWrite();
    await reset.getByRole("button", { name: "Reset" }).click();
    // admin:views.appCustomization.errors.resetting
    await expectFlash(page, "The app customization could not be reset. Please try again.");
    await expect(reset).toBeHidden();
    await expect(page.getByRole("link", { name: "Reset to default" })).toBeVisible();
    expect(await managerGet("/appCustomizationConfiguration")).toMatchObject({ backgroundColor: "112233" });
  });
});

test.describe("system events", () => {
  const latency = "High network latency at Main Hall (MCS-0042): 35 ms.";

  test("a failed dismissal is reported with the unexpected-error message, and the event stays", async ({ page }) => {
    await visit(page, "/dashboard");
    await failNextWrite();
    await page.getByRole("button", { name: `Dismiss event: ${latency}` }).click();
    // errors.unexpectedError
    await expectFlash(page, unexpectedError);
    await expect(page.getByRole("list", { name: "System events" }).getByText(latency)).toBeVisible();
    await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 11 events shown");
  });

  test("a failed dismiss all is reported with the unexpected-error message, and the events stay", async ({ page }) => {
    await visit(page, "/dashboard");
    await failNextWrite();
    await page.getByRole("button", { name: "Dismiss all" }).click();
    await expectFlash(page, unexpectedError);
    await expect(page.getByRole("list", { name: "System events" }).getByText(latency)).toBeVisible();
    await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 11 events shown");
    await expect(page.getByRole("button", { name: "Dismiss all" })).toBeEnabled();
  });
});

test.describe("the 403 page", () => {
  // Signs in here: signing out must not end a session other tests of this worker share.
  test.use({ role: "none" });

  test("“Try to log in again” signs out, and signing in as an admin comes back to the page", async ({ page }) => {
    await page.goto("/login");
    await signInOnPage(page, "moderator");
    await expect(page).not.toHaveURL(/\/login|\/oidc/);
    const response = await page.goto("/settings?from=forbidden");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
    await expect(page.getByText("You are not allowed to see this page")).toBeVisible();
    await page.getByRole("button", { name: "Try to log in again" }).click();
    // Signed out at the console and at the identity provider, which sends the browser back.
    await expect(page).toHaveURL(/\/login\?state=[\w-]+$/);
    await expect(page.getByText("You have been signed out.")).toBeVisible();
    await expect(page.getByText("After signing in you will return to /settings?from=forbidden.")).toBeVisible();
    await signInOnPage(page, "admin");
    await expect(page).toHaveURL("/settings?from=forbidden");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });
});
