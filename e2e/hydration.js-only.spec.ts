// Every page hydrates without a React error: a server render that the browser renders
// differently (a block element inside a <p>, say) throws #418 on each load. The shared fixture
// fails any test on a page or console error; this walk makes sure every page is loaded once.
import { expect, test } from "./support/fixtures";
import { recordPageCheck } from "./support/ledger";
import { adminPages, moderatorPages } from "./support/pages";

test.use({ ledger: true });

async function hydrate(page: import("@playwright/test").Page, path: string) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  // Recoverable hydration errors are reported when React commits, before the effect above.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await recordPageCheck(page, "hydrates without errors");
  expect(errors).toEqual([]);
}

test.describe("as an admin", () => {
  for (const path of adminPages) {
    test(`${path} hydrates without errors`, async ({ page }) => hydrate(page, path));
  }
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });
  for (const path of moderatorPages) {
    test(`${path} hydrates without errors`, async ({ page }) => hydrate(page, path));
  }
});
