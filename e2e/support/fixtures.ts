// Test fixtures: every test starts from the simulator's default fleet with no faults, signed in
// as the role it names (`test.use({ role: "moderator" })`; "none" for signed out). Sign-in runs
// once per role and worker through the real development identity provider.
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

export const test = base.extend<
  { role: Role; resetSimulator: void },
  { signedInStates: Map<DemoRole, Promise<StorageState>> }
>({
  role: ["admin", { option: true }],
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
