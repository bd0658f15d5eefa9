// Valid markup on every screen of the kiosk walk, in every state the default fleet shows, as
// admin, moderator and signed out. (The shared fixture checks every page any test visits too.)
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { documentStateOf, recordCheck } from "./support/ledger";
import { markupProblems } from "./support/markup";
import { adminPages, moderatorPages } from "./support/pages";

test.use({ ledger: true });

async function expectValid(page: Page, path: string) {
  const response = await page.goto(path);
  const html = await response!.text();
  recordCheck(documentStateOf(page, response!.url(), html), "html-validate");
  expect(await markupProblems(path, html)).toEqual([]);
}

test.describe("as an admin", () => {
  for (const path of [...adminPages, "/apiTokens?dialog=addToken", "/stations?nav=1", "/appView?channel=none"]) {
    test(`${path} is valid HTML`, async ({ page }) => expectValid(page, path));
  }
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });
  for (const path of [...moderatorPages, "/stations"]) {
    test(`${path} is valid HTML`, async ({ page }) => expectValid(page, path));
  }
});

test.describe("signed out", () => {
  test.use({ role: "none" });
  test("the sign-in page and the identity provider's form are valid HTML", async ({ page }) => {
    await expectValid(page, "/login?redirectTo=%2Fstations");
    const form = page.waitForResponse(
      (response) =>
        response.request().resourceType() === "document" &&
        response.url().includes("/oidc/") &&
        response.status() === 200,
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Username")).toBeVisible();
    const response = await form;
    const html = await response.text();
    recordCheck(documentStateOf(page, response.url(), html), "html-validate");
    expect(await markupProblems(response.url(), html)).toEqual([]);
  });
});
