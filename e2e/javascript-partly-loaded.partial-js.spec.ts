// Issue 14, item 6: JavaScript partly loaded. Blocks in turn the client entry, each shared
// chunk, a route's own chunk and a seeded random half of all /build/ scripts; every page still
// renders, a click still takes the user on, forms still submit, and nothing reloads in a loop
// (docs/decisions/046-javascript-partly-loaded.md).
import type { Page } from "@playwright/test";
import { pngImage } from "../tests/console/image-fixtures";
import { buildUnits, randomHalf } from "./support/build-files";
import { expect, signInOnPage, test } from "./support/fixtures";
import {
  blockBuildFiles,
  countDocumentLoads,
  expectNoMoreLoads,
  expectPageRenders,
  screen,
  settled,
  walk,
  walkFor,
} from "./support/partial-js";

const build = buildUnits();
const seed = Number(process.env.PARTIAL_JS_SEED ?? 1);
const randomHalfName = `a random half of /build/ (PARTIAL_JS_SEED=${seed})`;
const randomlyBlocked = randomHalf(build.scripts, seed);

test.use({
  // What the server sends does not depend on what the browser blocks: the page walk checks it.
  checkMarkup: false,
  // Remix's inline script imports the client entry without waiting for it (no code of ours can
  // catch that), Remix notes a route module that failed before the page takes the user on, and
  // logs the abort of the navigation (or live update revalidation) that the page load replaces.
  expectedConsoleErrors: [
    [
      /^AbortError: signal is aborted without reason/,
      /^Error loading route module `\/build\/.+`, reloading page\.\.\.$/,
      /^TypeError: Failed to fetch dynamically imported module/,
    ],
    { scope: "test" },
  ],
  expectedPageErrors: [[/^Failed to fetch dynamically imported module: /], { scope: "test" }],
});

test.describe("with one shared chunk blocked, every page renders and a click takes the user on", () => {
  // Chunks whose blocking fails the same screens make one test: the first of them is blocked for
  // the walk (a click from a screen that does not need it to one that does); then the walk's
  // target is visited directly once with all of them blocked that fail it the same way (it
  // hydrates without them, or it cannot): each fails that screen as the others do, so together
  // they show the page one of them shows (docs/decisions/046-javascript-partly-loaded.md). When no
  // screen can hydrate (a chunk of the entry, root or the shell), the walk is a plain link between
  // two server pages.
  type Steps = ReturnType<typeof walkFor>;
  const walks = new Map<string, { steps: Steps; chunks: { chunk: string; steps: Steps }[] }>();
  for (const chunk of build.sharedChunks) {
    const steps = walkFor(build.failing([chunk]));
    const key = `${steps.start.name} → ${steps.target.name}${steps.startHydrates ? "" : " (no page hydrates)"}`;
    walks.set(key, {
      steps: walks.get(key)?.steps ?? steps,
      chunks: [...(walks.get(key)?.chunks ?? []), { chunk, steps }],
    });
  }
  for (const [key, { steps, chunks }] of walks) {
    test(`${key}: ${chunks.length} chunks`, async ({ page }) => {
      test.setTimeout(40_000 + chunks.length * 8_000);
      const blocking = await blockBuildFiles(page, []);
      const loads = countDocumentLoads(page);
      let expectedLoads = 0;
      await test.step(`the walk with ${chunks[0]!.chunk} blocked`, async () => {
        blocking.files = new Set([chunks[0]!.chunk]);
        expectedLoads += await walk(page, steps);
      });
      const visits = new Map<boolean, { steps: Steps; chunks: string[] }>();
      for (const { chunk, steps: own } of chunks) {
        expect(own.target, `the screen ${chunk} fails`).toBe(steps.target);
        const visit = visits.get(own.targetHydrates) ?? { steps: own, chunks: [] };
        visit.chunks.push(chunk);
        visits.set(own.targetHydrates, visit);
      }
      for (const { steps: own, chunks: blocked } of visits.values()) {
        await test.step(`${own.target.path} with ${blocked.join(", ")} blocked`, async () => {
          blocking.files = new Set(blocked);
          expectedLoads += await expectPageRenders(page, own.target, own.targetHydrates);
        });
      }
      await expectNoMoreLoads(page, loads, expectedLoads);
    });
  }
});

/** The flash message: a banner without JavaScript, a notification with it (briefly both). */
async function expectFlash(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/** A station setting, then remove after its confirmation: a load each without JavaScript. */
async function stationForms(page: Page) {
  await open(page, "/stations/MCS-0042");
  await page.getByLabel("Name").fill("Grand Hall");
  await page.getByRole("button", { name: "Save name" }).click();
  await expectFlash(page, "The name was saved.");
  await expect(page.getByRole("heading", { level: 1, name: "Grand Hall" })).toBeVisible();
  await settled(page);
  await page.getByRole("link", { name: "Remove" }).click();
  await page.getByRole("dialog", { name: "Remove Grand Hall?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page).toHaveURL(/\/stations(\?|$)/);
  await expectFlash(page, "Station MCS-0042 was removed.");
  await settled(page);
  return 4;
}

async function moderationForm(page: Page) {
  await open(page, screen("moderationChannel").path);
  await page.getByRole("button", { name: "Next speaker" }).click();
  await expect(page.getByText("Ben Moreau has the mic now.").first()).toBeVisible();
  await settled(page);
  return 2;
}

/** The dark-mode switch: with JavaScript it sends itself; without, its form has an Apply button. */
async function settingsForm(page: Page) {
  await open(page, "/settings");
  const preferences = page.getByRole("region", { name: "Preferences" });
  // Decided before the click: once the switch has sent itself, the next page shows Apply until it
  // hydrates, and a click on it then would wait for a button hydration hides.
  const hydrated = (await page.locator("html[data-js='on']").count()) > 0;
  await preferences.getByText("Dark mode", { exact: true }).click();
  if (!hydrated) await preferences.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await settled(page);
  return 2;
}

/**
 * A logo through the file input that stands in for the Dropzone: on a hydrated page the chosen
 * file is sent at once, as a drop would be; the Upload button (the post it makes without
 * JavaScript) stays beside it and sends the draft with the uploaded logo.
 */
async function imageForm(page: Page) {
  await open(page, "/appCustomization");
  await page
    .getByLabel("Logo file", { exact: true })
    .setInputFiles({ name: "brand.png", mimeType: "image/png", buffer: await pngImage(400, 400) });
  const logo = page.getByTestId("logo-thumbnail").getByRole("img");
  await expect(logo).toHaveAttribute("alt", "The custom logo");
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(logo).toHaveAttribute("alt", "The custom logo");
  await expect(logo).toHaveAttribute("src", /^data:image\/png;base64,/);
  await settled(page);
  return 1;
}

const forms = { station: stationForms, moderation: moderationForm, settings: settingsForm, image: imageForm };

const blockings: { name: string; files: string[]; walk: boolean; forms: (keyof typeof forms)[] }[] = [
  { name: "the client entry", files: [build.entry], walk: true, forms: ["station", "moderation", "settings"] },
  {
    name: "the stations list's own chunk",
    files: [build.routeModule("routes/_app.stations._index")],
    walk: true,
    forms: [],
  },
  {
    name: "the station page's own chunk",
    files: [build.routeModule("routes/_app.stations.$serialNumber._index")],
    walk: true,
    forms: ["station"],
  },
  {
    name: "the moderation channel's own chunk",
    files: [build.routeModule("routes/_app.moderation.$stationSerialNumber.$index")],
    walk: true,
    forms: ["moderation"],
  },
  // The settings page hydrates; its switch posts to /preferences, whose module then fails.
  {
    name: "the preferences' own chunk",
    files: [build.routeModule("routes/preferences")],
    walk: false,
    forms: ["settings"],
  },
  // The flash message stays in the page when the notification stack cannot load (it comes in the
  // one chunk loaded after hydration, with the tooltips and the leave dialog:
  // docs/decisions/047-performance-budget-and-upgrade-checklist.md#after-hydration).
  {
    name: "the notification stack's chunk",
    files: build.sharedChunks.filter((chunk) => /\/after-hydration-[^/]+\.js$/.test(chunk)),
    walk: false,
    forms: ["station"],
  },
  // The page hydrates, the Dropzone never arrives: the image fields keep their file input and
  // Upload button (docs/decisions/047-performance-budget-and-upgrade-checklist.md#after-hydration).
  {
    name: "the dropzone's chunk",
    files: build.sharedChunks.filter((chunk) => build.source(chunk).includes("useFsAccessApi")),
    walk: false,
    forms: ["image"],
  },
  { name: randomHalfName, files: randomlyBlocked, walk: true, forms: ["station", "moderation", "settings"] },
];

for (const blocking of blockings) {
  test.describe(`with ${blocking.name} blocked`, () => {
    if (blocking.walk)
      test("a page renders and a click takes the user on", async ({ page }) => {
        await blockBuildFiles(page, blocking.files);
        await walk(page, walkFor(build.failing(blocking.files)));
      });

    if (blocking.forms.length > 0)
      test(`the ${blocking.forms.join(", ")} forms submit and show their result`, async ({ page }) => {
        expect(blocking.files, "the files to block").not.toHaveLength(0);
        await blockBuildFiles(page, blocking.files);
        const loads = countDocumentLoads(page);
        let expectedLoads = 0;
        for (const form of blocking.forms) expectedLoads += await forms[form](page);
        await expectNoMoreLoads(page, loads, expectedLoads);
      });
  });
}

test.describe("signing in", () => {
  test.use({ role: "none" });
  for (const blocking of [
    { name: "the client entry", files: [build.entry] },
    { name: "the sign-in page's own chunk", files: [build.routeModule("routes/login")] },
    { name: randomHalfName, files: randomlyBlocked },
  ]) {
    test(`works with ${blocking.name} blocked`, async ({ page }) => {
      await blockBuildFiles(page, blocking.files);
      await open(page, "/login");
      await signInOnPage(page, "admin");
      await expect(page).toHaveURL("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
      await settled(page);
    });
  }
});
