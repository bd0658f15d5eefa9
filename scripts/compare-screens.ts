// Screenshots of every screen, before and after a change to how the console looks, compared pixel
// by pixel (docs/decisions/056-ui-kit-of-our-own.md).
//
//   npx tsx scripts/compare-screens.ts take screens/run before=/tmp/base after=.
//   npx tsx scripts/compare-screens.ts compare screens/run/before screens/run/after [screens/run/diff]
//
// `take` starts one simulator (the default fleet, its own life off) and one console per build named
// (`name=directory`: a directory holding that build's `build/`, `public/` and `package.json`, with
// `node_modules` reachable from it), signs in as the admin and as the moderator over plain HTTP and
// takes every screen of `screens` below into `<dir>/<name>/`, at each viewport, light and dark,
// with JavaScript on and off: full pages, Chromium, the clock, time zone and language fixed,
// animations and transitions off, the caret hidden. The builds share the simulator, so they show the
// same data (dates included); the simulator is seeded afresh for each run. `compare` counts the
// pixels that differ between two directories' files of the same name, writes an image per
// differing file (the after-image faded, differing pixels red, and a size change noted) and prints a
// table. SCREENSHOT_PORT / SCREENSHOT_SIMULATOR_PORT move it off 3295/5295 (the next ports are used
// too: a console per build, the identity provider); COMPARE_VIEWPORTS (`1024x600,1366x768`),
// COMPARE_SCREENS (names, comma-separated) and COMPARE_MODES (`light-js,dark-nojs,…`) narrow a run.
import { mkdirSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { launchBrowser } from "../bench/browser";
import { signInToConsole } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess, type ConsoleProcess } from "../tests/support/processes";

interface Screen {
  name: string;
  path: string;
  /** Who looks: the admin by default; nobody for the sign-in page. */
  as?: "admin" | "moderator" | "nobody";
  /** The answer's status (the 404 and 403 pages). */
  status?: number;
  /** What changes on every load and is masked (selectors). */
  mask?: string[];
  /** With JavaScript, what shows once the page has finished changing after hydration. */
  readyWithJs?: string;
}

const screens: Screen[] = [
  { name: "dashboard", path: "/dashboard" },
  { name: "stations", path: "/stations" },
  { name: "station-general", path: "/stations/MCS-0042" },
  { name: "station-network", path: "/stations/MCS-0042/network" },
  { name: "station-log", path: "/stations/MCS-0042/log" },
  { name: "station-firmware", path: "/stations/MCS-0042/firmware" },
  { name: "channel", path: "/stations/MCS-0042/channels/1" },
  // After hydration, when the browser is idle, the channel order becomes draggable.
  { name: "app-view", path: "/appView", readyWithJs: "[data-sortable]" },
  { name: "moderation", path: "/moderation" },
  { name: "moderation-channel", path: "/moderation/MCS-0043/1" },
  { name: "settings", path: "/settings" },
  { name: "api-tokens", path: "/apiTokens" },
  // After hydration the file inputs become drop zones, once their chunk has loaded.
  {
    name: "app-customization",
    path: "/appCustomization",
    readyWithJs: "text=Drop an image here or click to choose one",
  },
  { name: "login", path: "/login", as: "nobody" },
  // The error pages' reference is the request's id, new on every load.
  { name: "not-found", path: "/no/such/page", status: 404, mask: ["code"] },
  { name: "forbidden", path: "/stations", as: "moderator", status: 403, mask: ["code"] },
  { name: "confirm-dialog", path: "/stations/MCS-0042?confirm=reboot" },
];

const modes = ["light-js", "light-nojs", "dark-js", "dark-nojs"] as const;
type Mode = (typeof modes)[number];

// Remix's cookie encoding of the JSON string "dark" (app/utils/preferences.server.ts).
const darkSchemeCookie = Buffer.from(JSON.stringify("dark")).toString("base64");
// Any fixed moment: nothing on the screens reads the browser's clock today, but one that does must
// not make two runs differ.
const fixedTime = new Date("2026-06-15T10:00:00Z");

function listOption(name: string, fallback: readonly string[]) {
  const value = process.env[name];
  return value ? value.split(",").filter(Boolean) : [...fallback];
}

async function settle(page: Page, javaScript: boolean) {
  if (javaScript) await page.waitForFunction(() => document.documentElement.dataset.js === "on");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Two frames: whatever the last network answer changed is laid out and painted. (Without
  // JavaScript the page runs no frame callbacks; the screenshot waits for its own frame.)
  if (javaScript) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
}

async function newContext(
  browser: Browser,
  consoleProcess: ConsoleProcess,
  cookie: string | null,
  mode: Mode,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({
    viewport,
    javaScriptEnabled: mode.endsWith("-js"),
    locale: "en-GB",
    timezoneId: "Europe/Berlin",
    reducedMotion: "reduce",
    colorScheme: mode.startsWith("dark") ? "dark" : "light",
  });
  const cookies = (cookie ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: consoleProcess.url };
    });
  if (mode.startsWith("dark")) cookies.push({ name: "colorScheme", value: darkSchemeCookie, url: consoleProcess.url });
  await context.addCookies(cookies);
  await context.clock.setFixedTime(fixedTime);
  return context;
}

async function shoot(
  context: BrowserContext,
  consoleProcess: ConsoleProcess,
  screen: Screen,
  javaScript: boolean,
  file: string,
) {
  const page = await context.newPage();
  const response = await page.goto(`${consoleProcess.url}${screen.path}`);
  const status = response?.status();
  if (status !== (screen.status ?? 200)) throw new Error(`${screen.path} answered ${status}`);
  const started = Date.now();
  if (javaScript && screen.readyWithJs) await page.locator(screen.readyWithJs).first().waitFor();
  await settle(page, javaScript);
  if (process.env.COMPARE_VERBOSE) console.log(`${file}: settled in ${Date.now() - started} ms`);
  await page.screenshot({
    path: file,
    fullPage: true,
    animations: "disabled",
    caret: "hide",
    mask: (screen.mask ?? []).map((selector) => page.locator(selector)),
  });
  await page.close();
}

async function take(directory: string, builds: Array<{ name: string; directory: string }>) {
  const basePort = Number(process.env.SCREENSHOT_PORT ?? 3295);
  const simulatorPort = Number(process.env.SCREENSHOT_SIMULATOR_PORT ?? 5295);
  const viewports = listOption("COMPARE_VIEWPORTS", ["1024x600", "1366x768"]).map((text) => {
    const [width, height] = text.split("x").map(Number);
    return { width: width!, height: height! };
  });
  const chosenScreens = listOption(
    "COMPARE_SCREENS",
    screens.map((screen) => screen.name),
  );
  const chosenModes = listOption("COMPARE_MODES", modes) as Mode[];

  const simulator = await startSimulatorProcess({ managerPort: simulatorPort, identityPort: simulatorPort + 1 });
  const consoles: ConsoleProcess[] = [];
  const browser = await launchBrowser();
  try {
    for (const [index, build] of builds.entries()) {
      const consoleProcess = await startConsoleProcess({
        port: basePort + index,
        simulator,
        cwd: resolve(build.directory),
        env: { TZ: "Europe/Berlin", LOG_LEVEL: "warn" },
      });
      consoles.push(consoleProcess);
      const sessions = {
        admin: (await signInToConsole(consoleProcess.url, "admin")).cookie,
        moderator: (await signInToConsole(consoleProcess.url, "moderator")).cookie,
        nobody: null,
      };
      const output = join(directory, build.name);
      mkdirSync(output, { recursive: true });
      let count = 0;
      for (const viewport of viewports) {
        for (const mode of chosenModes) {
          const contexts = new Map<string, BrowserContext>();
          try {
            for (const screen of screens.filter((candidate) => chosenScreens.includes(candidate.name))) {
              const as = screen.as ?? "admin";
              let context = contexts.get(as);
              if (!context) {
                context = await newContext(browser, consoleProcess, sessions[as], mode, viewport);
                contexts.set(as, context);
              }
              const file = join(output, `${screen.name}-${viewport.width}x${viewport.height}-${mode}.png`);
              await shoot(context, consoleProcess, screen, mode.endsWith("-js"), file);
              count += 1;
            }
          } finally {
            for (const context of contexts.values()) await context.close();
          }
        }
      }
      console.log(`${build.name} (${build.directory}): ${count} screenshots in ${output}`);
    }
  } finally {
    await browser.close();
    for (const consoleProcess of consoles) await consoleProcess.stop();
    await simulator.stop();
  }
}

interface Difference {
  file: string;
  pixels: number;
  total: number;
  sizes: string;
}

async function rawImage(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function compareFiles(before: string, after: string, diffFile: string): Promise<Omit<Difference, "file">> {
  const [a, b] = await Promise.all([rawImage(before), rawImage(after)]);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const diff = Buffer.alloc(width * height * 4);
  let pixels = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inA = x < a.width && y < a.height;
      const inB = x < b.width && y < b.height;
      const ia = (y * a.width + x) * 4;
      const ib = (y * b.width + x) * 4;
      const out = (y * width + x) * 4;
      const same =
        inA &&
        inB &&
        a.data[ia] === b.data[ib] &&
        a.data[ia + 1] === b.data[ib + 1] &&
        a.data[ia + 2] === b.data[ib + 2] &&
        a.data[ia + 3] === b.data[ib + 3];
      if (same) {
        // The after-image, faded, so the differences stand out where they are.
        const grey = Math.round((b.data[ib]! + b.data[ib + 1]! + b.data[ib + 2]!) / 3);
        diff[out] = diff[out + 1] = diff[out + 2] = 200 + Math.round(grey / 5);
        diff[out + 3] = 255;
      } else {
        pixels += 1;
        diff[out] = 230;
        diff[out + 1] = diff[out + 2] = inA && inB ? 0 : 160;
        diff[out + 3] = 255;
      }
    }
  }
  if (pixels > 0)
    await sharp(diff, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(diffFile);
  const sizes = a.width === b.width && a.height === b.height ? "" : `${a.width}×${a.height} → ${b.width}×${b.height}`;
  return { pixels, total: width * height, sizes };
}

async function compare(beforeDirectory: string, afterDirectory: string, diffDirectory: string) {
  mkdirSync(diffDirectory, { recursive: true });
  const files = readdirSync(beforeDirectory)
    .filter((file) => file.endsWith(".png"))
    .sort();
  const differences: Difference[] = [];
  const missing = files.filter((file) => !existsSync(join(afterDirectory, file)));
  for (const file of files.filter((name) => !missing.includes(name))) {
    const result = await compareFiles(
      join(beforeDirectory, file),
      join(afterDirectory, file),
      join(diffDirectory, file),
    );
    differences.push({ file, ...result });
  }
  const lines = [
    `| screenshot | differing pixels | share | size |`,
    `|---|---:|---:|---|`,
    ...differences.map(
      (entry) =>
        `| ${entry.file.replace(/\.png$/, "")} | ${entry.pixels} | ${((entry.pixels / entry.total) * 100).toFixed(2)} % | ${entry.sizes} |`,
    ),
  ];
  const same = differences.filter((entry) => entry.pixels === 0).length;
  lines.push("", `${same} of ${differences.length} identical; ${missing.length} missing after: ${missing.join(", ")}`);
  writeFileSync(join(diffDirectory, "summary.md"), `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
}

const [command, ...rest] = process.argv.slice(2);
if (command === "take" && rest.length >= 1) {
  const [directory, ...named] = rest;
  const builds = (named.length ? named : ["current=."]).map((entry) => {
    const [name = "", buildDirectory = "."] = entry.split("=");
    return { name, directory: buildDirectory };
  });
  await take(directory!, builds);
} else if (command === "compare" && rest.length >= 2) {
  const [before, after, diff = join(rest[0]!, "..", "diff")] = rest;
  await compare(before!, after!, diff);
} else {
  console.error(
    "usage: compare-screens.ts take <dir> [name=buildDirectory …] | compare <beforeDir> <afterDir> [diffDir]",
  );
  process.exit(2);
}
