// Issue 25, items 1 and 2, as the next person at a shared kiosk and an attacker would try them:
// after "Log out" the identity provider's own session is gone too, so neither its sign-in address
// from the browser history (even with max_age or prompt=none appended) nor the console's
// "Sign in" gets anybody in without the password; and a sign-in link that names another site's
// /login as the redirect address is refused before any password is typed. JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, signInOnPage, test } from "./support/fixtures";

const foreignSite = "http://evil.example";

/** Signs in from the landing page and answers the provider's authorization address the browser used. */
async function signInRememberingAuthorization(page: Page, role: "admin" | "owner") {
  const authorizations: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/oidc/auth") authorizations.push(request.url());
  });
  await page.goto("/login");
  await signInOnPage(page, role);
  await expect(page).toHaveURL("/dashboard");
  expect(authorizations).toHaveLength(1);
  return authorizations[0]!;
}

async function logOut(page: Page) {
  await page.goto("/logout");
  await page.getByRole("button", { name: "Sign out" }).click();
  // Back from the provider's end-session address, with the state the console sent there.
  await expect(page).toHaveURL(/\/login\?state=[\w-]+$/);
  await expect(page.getByText("You have been signed out.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
}

async function expectSignedOut(page: Page) {
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
}

test.describe("after Log out at a kiosk", () => {
  test.use({ role: "none" });

  test("the provider's sign-in address from the history asks for the password, whatever max_age it names", async ({
    page,
  }) => {
    const authorization = await signInRememberingAuthorization(page, "admin");
    await logOut(page);
    for (const extra of ["", "&max_age=86400", "&prompt=login&max_age=86400"]) {
      await page.goto(`${authorization}${extra}`);
      await expect(page.getByLabel("Password")).toBeVisible();
      await expect(page.getByLabel("Username")).toHaveValue("");
    }
    await expectSignedOut(page);
  });

  test("prompt=none gets no code: the console says the sign-in failed and nobody is signed in", async ({ page }) => {
    const authorization = await signInRememberingAuthorization(page, "owner");
    await logOut(page);
    await page.goto(`${authorization}&prompt=none&max_age=86400`);
    await expect(page).toHaveURL(/\/login\?.*error=login_required/);
    await expect(page.getByLabel("Password")).toHaveCount(0);
    await expectSignedOut(page);
  });

  test("the next person's Sign in asks for the password, and signs in as them", async ({ page }) => {
    await signInRememberingAuthorization(page, "admin");
    await logOut(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Password")).toBeVisible();
    await page.getByLabel("Username").fill("owner");
    await page.getByLabel("Password").fill("owner");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome, Olivia Owner", level: 1 })).toBeVisible();
  });

  test("Log out from a deep page comes back to sign in there", async ({ page }) => {
    await signInRememberingAuthorization(page, "admin");
    await page.goto("/logout?redirectTo=%2Fstations%2FMCS-0042");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login\?state=/);
    await expect(page.getByText("After signing in you will return to /stations/MCS-0042.")).toBeVisible();
    await signInOnPage(page, "owner");
    await expect(page).toHaveURL("/stations/MCS-0042");
  });
});

test.describe("a sign-in link naming another site", () => {
  test.use({ role: "none" });

  test("is refused by the provider before any password is typed, and no code leaves", async ({ page }) => {
    const foreignRequests: string[] = [];
    await page.route(`${foreignSite}/**`, async (route) => {
      foreignRequests.push(route.request().url());
      await route.fulfill({ contentType: "text/html", body: "<title>Attacker</title>" });
    });
    // The genuine sign-in address, as the console starts it, with the redirect swapped.
    await page.goto("/login");
    const authorization = page.waitForRequest((request) => new URL(request.url()).pathname === "/oidc/auth");
    await page.getByRole("button", { name: "Sign in" }).click();
    const forged = new URL((await authorization).url());
    forged.searchParams.set("redirect_uri", `${foreignSite}/login`);
    // The genuine request's own redirect to the provider's form lands first: else it can interrupt
    // the forged visit below.
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.goto(forged.href);
    await expect(page.getByRole("heading", { name: "Sign-in problem" })).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveCount(0);
    expect(foreignRequests).toEqual([]);
  });
});
