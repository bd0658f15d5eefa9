// JavaScript comforts of the API tokens screen: presets fill in their days, and the copy button.
import { expectNoAxeViolations, setSwitch, withoutAppScripts } from "./admin-helpers";
import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ page }) => {
  await page.goto("/apiTokens?dialog=addToken");
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
});

test("a preset fills in its days, and typed days pick the matching preset", async ({ page }) => {
  const dialog = page.getByRole("dialog", { name: "Add Token" });
  const preset = dialog.getByLabel("Expiry");
  const days = dialog.getByLabel("Days until it expires");
  await expect(days).toHaveValue("30");
  await preset.selectOption("sixMonths");
  await expect(days).toHaveValue("180");
  await days.fill("7");
  await expect(preset).toHaveValue("oneWeek");
  await days.fill("45");
  await expect(preset).toHaveValue("custom");
});

test("the new access token has a copy button that shows a success tick", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const dialog = page.getByRole("dialog", { name: "Add Token" });
  await dialog.getByLabel("Name").fill("Clipboard");
  await dialog.getByLabel("Stations: read").check();
  await dialog.getByRole("button", { name: "Create token" }).click();
  const created = page.getByRole("dialog", { name: "Token “Clipboard” created" });
  const accessToken = await created.getByRole("textbox", { name: "Access token" }).inputValue();
  await created.getByRole("button", { name: "Copy access token" }).click();
  await expect(created.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accessToken);
  await expect(created.getByRole("button", { name: "Copy access token" })).toBeVisible();
  await created.getByRole("link", { name: "Done" }).click();
  await expect(created).toBeHidden();
  await expect(page.getByRole("row", { name: /Clipboard/ })).toBeVisible();
});

test.describe("accessibility (axe, WCAG 2.x A/AA)", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`${scheme} mode: the table, the dialog with errors, the created token; and without JavaScript`, async ({
      page,
    }) => {
      if (scheme === "dark") {
        await page.goto("/settings");
        await setSwitch(page.getByRole("region", { name: "Preferences" }), "Dark mode", true);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      }
      await page.goto("/apiTokens");
      await expectNoAxeViolations(page);
      await page.goto("/apiTokens?dialog=addToken");
      await expect(page.locator("html")).toHaveAttribute("data-js", "on");
      await page.getByRole("button", { name: "Create token" }).click();
      await expect(page.getByText("Choose at least one scope.").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Name").fill("Axe");
      await page.getByLabel("Stations: read").check();
      await page.getByRole("button", { name: "Create token" }).click();
      await expect(page.getByRole("dialog", { name: "Token “Axe” created" })).toBeVisible();
      await expectNoAxeViolations(page);
      await withoutAppScripts(page);
      for (const path of ["/apiTokens?dialog=addToken", "/apiTokens?confirm=revokeToken&token=x"]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
    });
  }
});
