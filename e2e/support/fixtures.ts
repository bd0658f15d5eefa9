// Test fixtures: every test starts from the simulator's default fleet with no faults, signed in
// as the role it names (`test.use({ role: "moderator" })`; "none" for signed out). Sign-in runs
// once per role and worker through the real development identity provider. A test fails on any
// uncaught page error or console error (a hydration mismatch shows as both), unless it names the
// console errors it expects (`test.use({ expectedConsoleErrors: [/…/] })`).
import { test as base, expect, type Browser, type Page } from "@playwright/test";
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

type StorageState = Awaited<ReturnType<typeof signInThroughBrowser>>;

/** Chromium reports an answer with an error status, or a request a test blocks, so; tests check those themselves. */
const failedResource = /^Failed to load resource: /;

export const test = base.extend<
  { role: Role; expectedConsoleErrors: RegExp[]; resetSimulator: void },
  { signedInStates: Map<DemoRole, Promise<StorageState>> }
>({
  role: ["admin", { option: true }],
  expectedConsoleErrors: [[], { option: true }],
  context: async ({ context, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    context.on("weberror", (error) => problems.push(`page error: ${error.error().message}`));
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (failedResource.test(text) || expectedConsoleErrors.some((expected) => expected.test(text))) return;
      problems.push(`console error on ${message.page()?.url() ?? "a page"}: ${text}`);
    });
    await use(context);
    expect(problems, "page errors and console errors").toEqual([]);
  },
  signedInStates: [async ({}, use) => use(new Map()), { scope: "worker" }],
  storageState: async ({ role, browser, signedInStates, baseURL }, use) => {
    if (role === "none") return use({ cookies: [], origins: [] });
    let state = signedInStates.get(role);
    if (!state) {
      state = signInThroughBrowser(browser, baseURL!, role);
      signedInStates.set(role, state);
    }
    await use(await state);
  },
  resetSimulator: [
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
