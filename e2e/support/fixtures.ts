// Test fixtures: every test starts from the simulator's default fleet with no faults, signed in
// as the role it names (`test.use({ role: "moderator" })`; "none" for signed out). Sign-in runs
// once per role and worker through the real development identity provider. A test fails on any
// uncaught page error or console error (a hydration mismatch shows as both), unless it names the
// console errors or page errors it expects (`test.use({ expectedConsoleErrors: [/…/] })`,
// `expectedPageErrors`), and on invalid markup (unless `checkMarkup: false`)
// in any HTML page it received (html-validate, see ./markup.ts). Without Chromium every test here
// skips, naming the package (tests/support/system-programs.ts).
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { missingPrograms } from "../../tests/support/system-programs";
import { costsAnnotation, costsSince, processCosts } from "./costs";
import { documentStateOf, pageRoles, recordCheck } from "./ledger";
import { markupProblems } from "./markup";
import { simulator, type DemoRole } from "./simulator";

export { expect };

type Role = DemoRole | "none";

async function signInThroughBrowser(browser: Browser, baseURL: string, role: DemoRole) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto("/login");
  await signInOnPage(page, role);
  await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/oidc"));
  const state = await context.storageState();
  await context.close();
  return state;
}

/** From the console's landing page through the identity provider's form. */
export async function signInOnPage(page: Page, role: DemoRole) {
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Username").fill(role);
  await page.getByLabel("Password").fill(role);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * With JavaScript, a page loaded in full (goto, reload, Back, Forward) is used once it is hydrated:
 * on a loaded machine a click can land before React's handlers, and a switch or a form then
 * does what it does without JavaScript, or nothing. Only the console's pages hydrate (the
 * identity provider's do not), so it waits only where Remix runs; a test that intercepts the
 * page's requests (blocking scripts, say) decides its own waits.
 */
function waitingForHydration(page: Page) {
  let intercepted = false;
  const route = page.route.bind(page);
  page.route = ((...args: Parameters<Page["route"]>) => {
    intercepted = true;
    return route(...args);
  }) as Page["route"];
  const untilHydrated = async () => {
    if (intercepted) return;
    const remixPage = await page.evaluate(() => "__remixContext" in window).catch(() => false);
    if (remixPage) await page.locator('html[data-js="on"]').waitFor({ state: "attached" });
  };
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await untilHydrated();
        return response;
      },
    });
  }
}

/** Each context's ledger records of its documents, which arrive with the documents' bodies. */
const contextRecords = new WeakMap<BrowserContext, Promise<void>[]>();

/** Once the ledger lines of every document the context received so far are recorded. */
export async function settledRecords(context: BrowserContext) {
  await Promise.all(contextRecords.get(context) ?? []);
}

type StorageState = Awaited<ReturnType<typeof signInThroughBrowser>>;

/** Chromium reports an answer with an error status, or a request a test blocks, so; tests check those themselves. */
const failedResource = /^Failed to load resource: /;
/**
 * Remix's single fetch logs the abort itself when a click interrupts a live-update revalidation
 * while its answer streams in (console.error in decodeViaTurboStream; remix-run/react-router
 * #14203). The router drops that revalidation by design and the user sees nothing. Chromium
 * reports it with or without its stack, depending on when it lands.
 */
const abortedRevalidation = /^AbortError: signal is aborted without reason(\n\s+at |$)/;

export const test = base.extend<
  {
    role: Role;
    expectedConsoleErrors: RegExp[];
    expectedPageErrors: RegExp[];
    checkMarkup: boolean;
    /** Record each page's fixture checks (markup, page errors) in the ledger (./ledger.ts). */
    ledger: boolean;
    costs: void;
    needsChromium: void;
    resetSimulator: void;
  },
  { signedInStates: Map<DemoRole, Promise<StorageState>> }
>({
  role: ["admin", { option: true }],
  expectedConsoleErrors: [[], { option: true }],
  expectedPageErrors: [[], { option: true }],
  checkMarkup: [true, { option: true }],
  ledger: [false, { option: true }],
  // What the test spent on page loads, html-validate and axe, for the slowest-files reporter.
  costs: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      const start = { ...processCosts };
      await use();
      testInfo.annotations.push({ type: costsAnnotation, description: JSON.stringify(costsSince(start)) });
    },
    { auto: true },
  ],
  context: async ({ context, expectedConsoleErrors, expectedPageErrors, checkMarkup, ledger, role }, use) => {
    const problems: string[] = [];
    context.on("weberror", (error) => {
      const { message } = error.error();
      if (!expectedPageErrors.some((expected) => expected.test(message))) problems.push(`page error: ${message}`);
    });
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (
        failedResource.test(text) ||
        abortedRevalidation.test(text) ||
        expectedConsoleErrors.some((expected) => expected.test(text))
      )
        return;
      problems.push(`console error on ${message.page()?.url() ?? "a page"}: ${text}`);
    });
    context.on("page", (page) => pageRoles.set(page, role));
    // Each page's markup is checked as it arrives, in html-validate's own thread (./markup.ts).
    const markupChecks: Promise<string[]>[] = [];
    const recorded: Promise<void>[] = [];
    contextRecords.set(context, recorded);
    context.on("response", (response) => {
      const request = response.request();
      if (request.resourceType() !== "document" || (response.status() >= 300 && response.status() < 400)) return;
      if (request.frame().parentFrame() === null) processCosts.pageLoads += 1;
      if (!response.headers()["content-type"]?.startsWith("text/html")) return;
      const page = request.frame().page();
      const html = response.text().then(
        (html) => ({ url: response.url(), html }),
        () => null,
      );
      if (ledger)
        recorded.push(
          html.then((document) => {
            if (!document) return;
            const state = documentStateOf(page, document.url, document.html);
            recordCheck(state, "no page or console errors");
            if (checkMarkup) recordCheck(state, "html-validate");
          }),
        );
      if (checkMarkup)
        markupChecks.push(html.then((document) => (document ? markupProblems(document.url, document.html) : [])));
    });
    await use(context);
    await Promise.all(recorded);
    expect(problems, "page errors and console errors").toEqual([]);
    const invalid = (await Promise.all(markupChecks)).flat();
    expect([...new Set(invalid)], "invalid markup").toEqual([]);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitingForHydration(page);
    await use(page);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  signedInStates: [async ({}, use) => use(new Map()), { scope: "worker" }],
  // Without Chromium every test here skips. Auto, and a dependency of the storage state, which
  // launches the browser: Playwright's own auto fixtures (trace recording) ask for the storage
  // state before any auto fixture of ours is set up.
  needsChromium: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      const missing = missingPrograms("chromium");
      testInfo.skip(missing !== null, missing ?? "");
      await use();
    },
    { auto: true },
  ],
  storageState: async ({ needsChromium: _skippedWithoutIt, role, browser, signedInStates, baseURL }, use) => {
    if (role === "none") return use({ cookies: [], origins: [] });
    let state = signedInStates.get(role);
    if (!state) {
      state = signInThroughBrowser(browser, baseURL!, role);
      signedInStates.set(role, state);
    }
    await use(await state);
  },
  resetSimulator: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await simulator.clearFaults();
      await simulator.hubs("up");
      await simulator.reset();
      await use();
      await simulator.clearFaults();
      await simulator.hubs("up");
    },
    { auto: true },
  ],
});

export { simulator };
