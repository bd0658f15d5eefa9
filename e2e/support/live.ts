// Waits that follow the page's own marks rather than a quiet network.
import type { Page } from "@playwright/test";

/**
 * With JavaScript: once the page is hydrated and its live updates have connected and loaded what
 * was pushed meanwhile (`<html data-live="caught-up">`, app/live/LiveUpdates.tsx). A page without
 * live updates has no mark once hydrated: the shell's effects, which set it, run before the root's,
 * which sets `data-js`, in the same commit.
 */
export async function liveCaughtUp(page: Page) {
  await page.waitForFunction(() => {
    const { js, live } = document.documentElement.dataset;
    return js === "on" && (live === undefined || live === "caught-up");
  });
}
