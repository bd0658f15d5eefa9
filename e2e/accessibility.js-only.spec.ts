// axe-core on every page, light and dark, as rendered with JavaScript and without it. The
// JavaScript-off render is checked with the app's scripts blocked (axe itself needs JavaScript,
// STACK.md), so this file runs in the JavaScript project only.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const adminPages = [
  "/dashboard",
  "/stations",
  "/stations?confirm=clearRejected",
  "/stations/MCS-0042",
  "/stations/MCS-0042?confirm=reboot",
  "/stations/MCS-0042/network",
  "/stations/MCS-0042/log",
  "/stations/MCS-0042/firmware",
  "/stations/MCS-0042/channels/1",
  "/stations/MCS-0012",
  "/stations/MCS-9999",
  "/appView",
  "/moderation",
  "/moderation/MCS-0043/1",
  "/settings",
  "/apiTokens",
  "/appCustomization",
  "/no/such/page",
];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
}

/** The colour scheme cookie as the console writes it, and optionally no app scripts. */
async function prepare(page: Page, baseURL: string, scheme: "light" | "dark", withoutScripts: boolean) {
  const value = Buffer.from(JSON.stringify(scheme)).toString("base64");
  await page.context().addCookies([{ name: "colorScheme", value, url: baseURL }]);
  if (withoutScripts) await page.route("**/build/**/*.js", (route) => route.abort());
}

for (const scheme of ["light", "dark"] as const) {
  for (const withoutScripts of [false, true]) {
    const variant = `${scheme}${withoutScripts ? ", scripts blocked" : ""}`;

    test.describe(`admin pages (${variant})`, () => {
      for (const path of adminPages) {
        test(`${path} has no WCAG 2.2 AA violations (${variant})`, async ({ page, baseURL }) => {
          await prepare(page, baseURL!, scheme, withoutScripts);
          await page.goto(path);
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
          expect(await violations(page)).toEqual([]);
        });
      }
    });

    test.describe(`signed-out and moderator pages (${variant})`, () => {
      test.describe("signed out", () => {
        test.use({ role: "none" });
        test(`the sign-in page has no violations (${variant})`, async ({ page, baseURL }) => {
          await prepare(page, baseURL!, scheme, withoutScripts);
          await page.goto("/login?redirectTo=%2Fstations");
          expect(await violations(page)).toEqual([]);
          await page.getByRole("button", { name: "Sign in" }).click();
          await expect(page.getByLabel("Username")).toBeVisible();
          expect(await violations(page)).toEqual([]);
        });
      });

      test.describe("moderator", () => {
        test.use({ role: "moderator" });
        for (const path of ["/appView", "/moderation", "/moderation/MCS-0043/1", "/stations"]) {
          test(`${path} as a moderator has no violations (${variant})`, async ({ page, baseURL }) => {
            await prepare(page, baseURL!, scheme, withoutScripts);
            await page.goto(path);
            expect(await violations(page)).toEqual([]);
          });
        }
      });
    });
  }
}

