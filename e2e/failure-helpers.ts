// Small helpers the failure-path specs share (e2e/failures-*.spec.ts): open a page ready to be
// failed, make the Manager fail the next save, and read the messages the spec names.
import type { Locator, Page } from "@playwright/test";
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

/** errors.unexpectedError: what a Manager that failed (5xx, no answer) says beside a form. */
export const unexpectedError = "Something went wrong. Please try again.";

/**
 * Opens a page. With JavaScript the test acts once the page is hydrated and its live updates
 * have connected and caught up: their catch-up read must not race the failure the test sets up.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  if (test.info().project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await liveCaughtUp(page);
  }
  return response;
}

/** The Manager answers the next write (not a read) with a 500. */
export function failNextWrite() {
  return simulator.faults({ failNext5xx: 1, failWritesOnly: true });
}

/** The flash message: a banner without JavaScript, a notification with it (briefly both). */
export async function expectFlash(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The form's own "please try again" message, in its error summary. */
export async function expectFormMessage(form: Locator, text: string) {
  await expect(form.getByRole("alert").filter({ hasText: text })).toBeVisible();
}

export function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole("region", { name });
}

export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole("dialog", { name });
}

const api = "/configuration/api/v1.0";

/** A call to the Manager as the admin, to check what it holds after a failure. */
export function managerGet<T>(path: string): Promise<T> {
  return simulator.api("admin", "GET", `${api}${path}`) as Promise<T>;
}
