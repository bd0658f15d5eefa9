// axe-core on a page as it is now, with the WCAG 2.2 AA rules (or the rules named), and the
// violations only.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * A page without JavaScript runs no timers, and axe waits for a zero-delay timeout between its
 * rules (STACK.md: axe hangs there). Those run as promise jobs instead, which the browser runs for
 * the test's own calls; axe's longer timeouts (a cache's expiry, a preload's deadline) never fire,
 * as on a page whose run ends first.
 */
function zeroDelayTimersAsPromiseJobs() {
  let next = 1;
  const setTimeoutInPage = (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    if (!delay) void Promise.resolve().then(() => callback(...args));
    return next++;
  };
  Object.assign(window, { setTimeout: setTimeoutInPage, clearTimeout: () => {} });
}

export async function axeViolations(page: Page, { include, rules }: { include?: string; rules?: string[] } = {}) {
  if (test.info().project.use.javaScriptEnabled === false) await page.evaluate(zeroDelayTimersAsPromiseJobs);
  // axe.run in the page itself (legacy mode): the default runs axe per frame and merges the results
  // in a blank page it opens for each run, two to three times slower; the console's pages have no
  // frames. Only violations are gathered in full.
  expect(page.frames(), "frames in the page (axe runs in the page itself)").toHaveLength(1);
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode();
  builder = rules ? builder.withRules(rules) : builder.withTags(wcag);
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}
