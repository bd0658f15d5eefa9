// Validation in the browser arrives when a form is first touched
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#validation-on-first-touch): the
// page hydrates without zod, the first focus in a form loads its schema, and from then on a field's
// error shows on blur and goes away while typing. Until the schema is there the form submits and
// the server answers with the messages next to the fields.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

/** Opens a page and waits until it is hydrated and has loaded all it loads by itself. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  await liveCaughtUp(page);
}

const javaScript = /\/build\/.+\.js(\?.*)?$/;

test("the rename form loads its validation on the first focus; an emptied name is refused on blur", async ({
  page,
}) => {
  await visit(page, "/stations/MCS-0042");
  const name = page.getByLabel("Name");
  const schemaRequested = page.waitForRequest(javaScript);
  await name.focus();
  await schemaRequested;
  await name.fill("   ");
  await name.blur();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(/Enter a name for the station\./);
  // Once shown, the message follows the typing.
  await name.pressSequentially("Hall");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a name for the station.")).toHaveCount(0);
});

test("a name with nothing visible, or with a hidden character, is refused in the browser with the server's messages", async ({
  page,
}) => {
  await visit(page, "/stations/MCS-0042");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const name = page.getByLabel("Name");
  await name.fill("\u200B");
  await name.blur();
  await expect(name).toHaveAccessibleDescription(/Enter a name for the station\./);
  await name.fill("Main\u200BHall");
  await expect(name).toHaveAccessibleDescription(/Remove the invisible or control characters/);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(name).toHaveValue("Main\u200BHall");
  await expect(page.getByRole("alert").filter({ hasText: "Remove the invisible or control characters" })).toBeVisible();
  expect(posts).toEqual([]);
});

test("a number outside its range is refused on blur (audio latency)", async ({ page }) => {
  await visit(page, "/stations/MCS-0042");
  const audio = page.getByRole("region", { name: "Audio settings" });
  await audio.getByLabel("Manual", { exact: true }).check();
  const latency = audio.getByLabel("Manual latency (ms)");
  await latency.fill("5");
  await latency.blur();
  await expect(latency).toHaveAccessibleDescription(/Enter a whole number from 20 to 1000\./);
});

test.describe("as a moderator", () => {
  test.use({ role: "moderator" });

  test("a PIN of two digits is refused on blur in the channel settings", async ({ page }) => {
    await visit(page, "/moderation/MCS-0043/1");
    const pin = page.getByRole("textbox", { name: "PIN" });
    await pin.fill("12");
    await pin.blur();
    await expect(pin).toHaveAccessibleDescription(/The PIN must be exactly 6 digits, or empty for no PIN\./);
  });
});

test("while the validation cannot load, the form still submits and the server's message shows next to the field", async ({
  page,
}) => {
  await visit(page, "/stations/MCS-0042");
  // Every script from now on fails, the form's schema included.
  await page.route(javaScript, (route) => route.abort());
  const name = page.getByLabel("Name");
  await name.fill("   ");
  await name.blur();
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(name).toHaveAccessibleDescription(/Enter a name for the station\./);
  await expect(page.getByRole("alert").filter({ hasText: "Enter a name for the station." })).toBeVisible();
});
