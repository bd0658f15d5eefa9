// A moderator's phone, 390 × 844: no page is wider than the screen, in English and in German,
// with JavaScript and without — a wide table scrolls inside its own box or lays its rows out one
// under the other, never the whole page sideways (issue 26, docs/decisions/056-ui-kit-of-our-own.md).
// And the moderation list shows every channel's waiting count within the screen's width.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { recordPageCheck } from "./support/ledger";
import { adminPages, moderatorPages } from "./support/pages";

const phone = { width: 390, height: 844 };
const languages = ["en", "de"] as const;

async function openIn(page: Page, language: (typeof languages)[number], path: string) {
  const value = Buffer.from(JSON.stringify(language)).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: test.info().project.use.baseURL! }]);
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** The page's width: what the window scrolls sideways over, were it wider than the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The page's width, recorded in the ledger as that check. */
async function checkedWidth(page: Page, check = "no wider than 390 px (390×844)") {
  await recordPageCheck(page, check);
  return pageWidth(page);
}

test.use({ viewport: phone, ledger: true });

test.describe("as an admin", () => {
  for (const path of adminPages) {
    test(`${path} is no wider than a 390 px phone, in English and German`, async ({ page }) => {
      for (const language of languages) {
        await openIn(page, language, path);
        expect(await checkedWidth(page), `${path} in ${language}`).toBeLessThanOrEqual(phone.width);
      }
    });
  }

  test("the navigation drawer and the personal menu are no wider than the phone", async ({ page }) => {
    for (const language of languages) {
      await openIn(page, language, "/stations?nav=1");
      const navigation = language === "en" ? "Main navigation" : "Hauptnavigation";
      await expect(page.getByRole("navigation", { name: navigation })).toBeVisible();
      expect(
        await checkedWidth(page, "the navigation drawer no wider than 390 px (390×844)"),
        `drawer in ${language}`,
      ).toBeLessThanOrEqual(phone.width);
      await page.locator("summary").filter({ hasText: "Alex Admin" }).click();
      expect(
        await checkedWidth(page, "the personal menu open no wider than 390 px (390×844)"),
        `personal menu in ${language}`,
      ).toBeLessThanOrEqual(phone.width);
    }
  });
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  for (const path of moderatorPages) {
    test(`${path} is no wider than a 390 px phone, in English and German`, async ({ page }) => {
      for (const language of languages) {
        await openIn(page, language, path);
        expect(await checkedWidth(page), `${path} in ${language}`).toBeLessThanOrEqual(phone.width);
      }
    });
  }

  test("the moderation list shows every channel's waiting count within the phone's width", async ({ page }) => {
    for (const language of languages) {
      await openIn(page, language, "/moderation");
      const list = page.getByRole("table", {
        name: language === "en" ? "Channels to moderate" : "Kanäle zum Moderieren",
      });
      const channels = list.locator("tbody").getByRole("row");
      const count = await channels.count();
      expect(count, `channels in ${language}`).toBeGreaterThan(1);
      const column = language === "en" ? "Speakers waiting" : "Wartende Sprecher";
      for (let index = 0; index < count; index += 1) {
        const waiting = channels.nth(index).getByRole("cell", { name: new RegExp(`^${column}`) });
        await expect(waiting, `row ${index + 1} in ${language}`).toBeVisible();
        await expect(waiting).toHaveText(/^\d+$/);
        const box = (await waiting.boundingBox())!;
        expect(box.x, `row ${index + 1} in ${language}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `row ${index + 1} in ${language}`).toBeLessThanOrEqual(phone.width);
      }
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
      await recordPageCheck(page, "every channel's waiting count within 390 px (390×844)");
    }
  });
});

test.describe("signed out", () => {
  test.use({ role: "none" });

  test("the sign-in page is no wider than a 390 px phone, in English and German", async ({ page }) => {
    for (const language of languages) {
      await openIn(page, language, "/login");
      expect(await checkedWidth(page), `/login in ${language}`).toBeLessThanOrEqual(phone.width);
    }
  });
});
