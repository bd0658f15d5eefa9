// API tokens: the table, Add Token with its validation, the access token shown once, revoke
// with confirmation, and an expired token that can only be deleted — with and without JavaScript.
import { expect, simulator, test } from "./support/fixtures";

const tokensPath = "/configuration/api/v1.0/tokens";

async function openAddToken(page: import("@playwright/test").Page) {
  await page.getByRole("link", { name: "Add Token" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Token" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("as an admin", () => {
  test("the table lists the tokens with their columns and marks the expired one", async ({ page }) => {
    await page.goto("/apiTokens");
    await expect(page.getByRole("heading", { level: 1, name: "API Tokens" })).toBeVisible();
    const table = page.getByRole("table", { name: "API tokens" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Token ID",
      "Name",
      "Scopes",
      "Expiration Date",
      "Actions",
    ]);
    await expect(table.getByRole("row")).toHaveCount(4);
    const expired = table.getByRole("row", { name: /Digital signage/ });
    await expect(expired.getByText("Expired")).toBeVisible();
    await expect(expired.getByText("Channel access: read")).toBeVisible();
    const valid = table.getByRole("row", { name: /Room booking integration/ });
    await expect(valid.getByText("Expired")).toHaveCount(0);
    await expect(valid.getByText("Stations: read")).toBeVisible();
  });

  test("Add Token checks the name, the expiry and the scopes", async ({ page }) => {
    await page.goto("/apiTokens");
    const dialog = await openAddToken(page);
    await dialog.getByRole("button", { name: "Create token" }).click();
    await expect(dialog.getByText("Choose a name so you can recognise the token.").first()).toBeVisible();
    await expect(dialog.getByText("Choose at least one scope.").first()).toBeVisible();

    await dialog.getByLabel("Name").fill("x".repeat(51));
    await dialog.getByLabel("Expiry").selectOption("custom");
    await dialog.getByLabel("Days until it expires").fill("2001");
    await dialog.getByLabel("Stations: read").check();
    await dialog.getByRole("button", { name: "Create token" }).click();
    await expect(dialog.getByText("The name can have at most 50 characters.").first()).toBeVisible();
    await expect(dialog.getByText("Enter a whole number of days from 1 to 2000.").first()).toBeVisible();
    await expect(dialog.getByLabel("Stations: read")).toBeChecked();

    await dialog.getByLabel("Days until it expires").fill("0");
    await dialog.getByRole("button", { name: "Create token" }).click();
    await expect(dialog.getByText("Enter a whole number of days from 1 to 2000.").first()).toBeVisible();
    expect(await simulator.api("admin", "GET", tokensPath)).toHaveLength(3);

    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a new token is shown once, is gone after a reload, and can be revoked", async ({ page }) => {
    await page.goto("/apiTokens");
    const dialog = await openAddToken(page);
    await dialog.getByLabel("Name").fill("Kiosk display");
    await dialog.getByLabel("Expiry").selectOption("twoWeeks");
    await dialog.getByLabel("Channels: read").check();
    await dialog.getByLabel("Channel access: read").check();
    await dialog.getByRole("button", { name: "Create token" }).click();

    const created = page.getByRole("dialog", { name: "Token “Kiosk display” created" });
    await expect(created).toBeVisible();
    const accessToken = await created.getByRole("textbox", { name: "Access token" }).inputValue();
    expect(accessToken).toMatch(/^mcs_[\w-]{30,}$/);
    await expect(created.getByText("It is shown only this once.")).toBeVisible();

    const listed = (await simulator.api("admin", "GET", tokensPath)) as Array<{
      name: string;
      scopes: string[];
      expirationDate: string;
      createdAt: string;
    }>;
    const kiosk = listed.find((token) => token.name === "Kiosk display")!;
    expect(kiosk.scopes).toEqual(["channels.read", "channelAccess.read"]);
    expect(Math.round((Date.parse(kiosk.expirationDate) - Date.parse(kiosk.createdAt)) / 86_400_000)).toBe(14);

    await page.reload();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(accessToken)).toHaveCount(0);
    expect(await page.content()).not.toContain(accessToken);
    const row = page.getByRole("row", { name: /Kiosk display/ });
    await expect(row).toBeVisible();

    await row.getByRole("link", { name: "Revoke “Kiosk display”" }).click();
    const revoke = page.getByRole("dialog", { name: "Revoke the token “Kiosk display”?" });
    await expect(revoke).toBeVisible();
    await revoke.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("The token “Kiosk display” has been revoked.").first()).toBeVisible();
    await expect(page.getByRole("row", { name: /Kiosk display/ })).toHaveCount(0);
    expect(
      (await simulator.api("admin", "GET", tokensPath)).map((token: { name: string }) => token.name),
    ).not.toContain("Kiosk display");
  });

  test("the same Add Token form sent twice creates one token (a double click without JavaScript)", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/apiTokens?dialog=addToken");
    const submissionId = await page.locator('input[name="submissionId"]').getAttribute("value");
    expect(submissionId).toBeTruthy();
    const form = {
      intent: "createToken",
      submissionId: submissionId!,
      name: "Double click",
      expiryPreset: "oneWeek",
      expiryInDays: "7",
      scopes: "channels.read",
    };
    const send = () =>
      page.request.post("/apiTokens?dialog=addToken", {
        form,
        headers: { origin: new URL(baseURL!).origin },
        maxRedirects: 0,
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status())).toEqual([302, 302]);
    const listed = (await simulator.api("admin", "GET", tokensPath)) as Array<{ name: string }>;
    expect(listed.filter((token) => token.name === "Double click")).toHaveLength(1);
    await page.goto("/apiTokens");
    await expect(page.getByRole("row", { name: /Double click/ })).toHaveCount(1);
  });

  test("a custom expiry in days is used as typed", async ({ page }) => {
    await page.goto("/apiTokens");
    const dialog = await openAddToken(page);
    await dialog.getByLabel("Name").fill("Quarterly report");
    await dialog.getByLabel("Expiry").selectOption("custom");
    await dialog.getByLabel("Days until it expires").fill("90");
    await dialog.getByLabel("Stations: read").check();
    await dialog.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByRole("dialog", { name: "Token “Quarterly report” created" })).toBeVisible();
    const token = (
      (await simulator.api("admin", "GET", tokensPath)) as Array<{
        name: string;
        expirationDate: string;
        createdAt: string;
      }>
    ).find((candidate) => candidate.name === "Quarterly report")!;
    expect(Math.round((Date.parse(token.expirationDate) - Date.parse(token.createdAt)) / 86_400_000)).toBe(90);
  });

  test("an expired token offers only Delete, and deleting it removes it", async ({ page }) => {
    await page.goto("/apiTokens");
    const expired = page.getByRole("row", { name: /Digital signage/ });
    await expect(expired.getByRole("link", { name: /Revoke/ })).toHaveCount(0);
    await expired.getByRole("link", { name: "Delete “Digital signage”" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete the expired token “Digital signage”?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The token “Digital signage” has been deleted.").first()).toBeVisible();
    await expect(page.getByRole("row", { name: /Digital signage/ })).toHaveCount(0);
    expect(await simulator.api("admin", "GET", tokensPath)).toHaveLength(2);
  });

  test("cancelling a revoke keeps the token", async ({ page }) => {
    await page.goto("/apiTokens");
    await page.getByRole("link", { name: "Revoke “Helpdesk automation”" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke the token “Helpdesk automation”?" });
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row", { name: /Helpdesk automation/ })).toBeVisible();
    expect(await simulator.api("admin", "GET", tokensPath)).toHaveLength(3);
  });

  test("a failed create keeps the form and says to try again", async ({ page }) => {
    await page.goto("/apiTokens");
    const dialog = await openAddToken(page);
    await dialog.getByLabel("Name").fill("Flaky");
    await dialog.getByLabel("Stations: read").check();
    await simulator.faults({ failNext5xx: 1, failWritesOnly: true });
    await dialog.getByRole("button", { name: "Create token" }).click();
    await expect(dialog.getByText("The token could not be created. Please try again.")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue("Flaky");
    await expect(dialog.getByLabel("Stations: read")).toBeChecked();
  });
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("the API tokens page is forbidden", async ({ page }) => {
    const response = await page.goto("/apiTokens");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
  });
});
