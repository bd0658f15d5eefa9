// The partial-JS project's tools: block /build/ files, wait until a page has settled (hydrated,
// or given up on its scripts), count document loads, and the screens a walk moves between.
import { expect, type Locator, type Page } from "@playwright/test";
import type { Unit } from "./build-files";

/** Aborts the requests for the given /build/ paths; `blocking.files` can change between page loads. */
export async function blockBuildFiles(page: Page, files: Iterable<string>) {
  const blocking = { files: new Set(files) };
  await page.route("**/build/**", (route) =>
    blocking.files.has(new URL(route.request().url()).pathname) ? route.abort() : route.continue(),
  );
  // A module script whose imports fail fires "error" at its element; a dynamic import() nobody
  // waits for (Remix's for the client entry) rejects unhandled. Either way the page has given up.
  await page.addInitScript(() => {
    const gaveUp = () => document.documentElement.setAttribute("data-scripts-failed", "");
    window.addEventListener("error", (event) => event.target instanceof HTMLScriptElement && gaveUp(), true);
    window.addEventListener("unhandledrejection", gaveUp);
  });
  return blocking;
}

/** Counts the page's document loads (goto, a plain link or form, a reload). */
export function countDocumentLoads(page: Page) {
  const loads: string[] = [];
  page.on("load", () => loads.push(page.url()));
  return loads;
}

/** A page has settled when React hydrated it, or when its scripts gave up (then it is the server's page). */
export async function settled(page: Page) {
  await page.locator("html[data-js='on'], html[data-scripts-failed]").waitFor({ state: "attached" });
}

/**
 * After the last step: nothing loads any more — the page gave up on its scripts, or it hydrated
 * and its live updates have caught up or given up (their chunk may be blocked) — and the page
 * loaded no more often than expected.
 */
export async function expectNoMoreLoads(page: Page, loads: string[], most: number) {
  await page.waitForFunction(() => {
    const { js, live, scriptsFailed } = document.documentElement.dataset;
    return scriptsFailed !== undefined || (js === "on" && live !== "connecting" && live !== "catching-up");
  });
  expect(loads.length, `document loads: ${loads.join(", ")}`).toBeLessThanOrEqual(most);
}

export interface Screen {
  name: string;
  path: string;
  /** Route ids whose modules the screen needs (root and the shell included). */
  routes: string[];
  heading: (page: Page) => Locator;
  /** How a user gets here: from which screen, by clicking what. */
  reachedFrom: { from: string; click: (page: Page) => Locator }[];
}

const mainNavigation = (name: string) => (page: Page) =>
  page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name, exact: true });
const stationSection = (name: string) => (page: Page) =>
  page.getByRole("navigation", { name: "Station sections" }).getByRole("link", { name, exact: true });
const h1 = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, name });
const shell = ["root", "routes/_app"];
const topLevel = ["dashboard", "stations", "appView", "moderation", "settings", "apiTokens", "appCustomization"];
const fromAnyTopLevel = (name: string, except: string) =>
  topLevel.filter((from) => from !== except).map((from) => ({ from, click: mainNavigation(name) }));
const station = [...shell, "routes/_app.stations.$serialNumber"];

export const screens: Screen[] = [
  {
    name: "dashboard",
    path: "/dashboard",
    routes: [...shell, "routes/_app.dashboard"],
    heading: h1(/^Welcome, /),
    reachedFrom: fromAnyTopLevel("Dashboard", "dashboard"),
  },
  {
    name: "stations",
    path: "/stations",
    routes: [...shell, "routes/_app.stations._index"],
    heading: h1("Stations"),
    reachedFrom: fromAnyTopLevel("Stations", "stations"),
  },
  {
    name: "appView",
    path: "/appView",
    routes: [...shell, "routes/_app.appView"],
    heading: h1("App Configuration"),
    reachedFrom: fromAnyTopLevel("App Configuration", "appView"),
  },
  {
    name: "moderation",
    path: "/moderation",
    routes: [...shell, "routes/_app.moderation._index"],
    heading: h1("Moderation"),
    reachedFrom: fromAnyTopLevel("Moderation", "moderation"),
  },
  {
    name: "settings",
    path: "/settings",
    routes: [...shell, "routes/_app.settings"],
    heading: h1("Settings"),
    reachedFrom: fromAnyTopLevel("Settings", "settings"),
  },
  {
    name: "apiTokens",
    path: "/apiTokens",
    routes: [...shell, "routes/_app.apiTokens"],
    heading: h1("API Tokens"),
    reachedFrom: fromAnyTopLevel("API Tokens", "apiTokens"),
  },
  {
    name: "appCustomization",
    path: "/appCustomization",
    routes: [...shell, "routes/_app.appCustomization"],
    heading: h1("App Customization"),
    reachedFrom: fromAnyTopLevel("App Customization", "appCustomization"),
  },
  {
    name: "station",
    path: "/stations/MCS-0042",
    routes: [...station, "routes/_app.stations.$serialNumber._index"],
    heading: h1("Main Hall"),
    reachedFrom: [
      { from: "network", click: stationSection("General") },
      { from: "stations", click: (page) => page.getByRole("link", { name: "Main Hall", exact: true }) },
    ],
  },
  {
    name: "network",
    path: "/stations/MCS-0042/network",
    routes: [...station, "routes/_app.stations.$serialNumber.network"],
    heading: h1("Main Hall"),
    reachedFrom: [
      { from: "station", click: stationSection("Network") },
      { from: "log", click: stationSection("Network") },
    ],
  },
  {
    name: "log",
    path: "/stations/MCS-0042/log",
    routes: [...station, "routes/_app.stations.$serialNumber.log"],
    heading: h1("Main Hall"),
    reachedFrom: [
      { from: "station", click: stationSection("Log") },
      { from: "network", click: stationSection("Log") },
    ],
  },
  {
    name: "firmware",
    path: "/stations/MCS-0042/firmware",
    routes: [...station, "routes/_app.stations.$serialNumber.firmware"],
    heading: h1("Main Hall"),
    reachedFrom: [
      { from: "station", click: stationSection("Firmware") },
      { from: "log", click: stationSection("Firmware") },
    ],
  },
  {
    name: "channel",
    path: "/stations/MCS-0042/channels/2",
    routes: [...shell, "routes/_app.stations.$serialNumber_.channels.$channelIndex"],
    heading: h1("Main Hall – Deutsch"),
    reachedFrom: [
      {
        from: "station",
        click: (page) =>
          page
            .getByRole("table", { name: "Channels of this station" })
            .getByRole("link", { name: "2 · Main Hall – Deutsch" }),
      },
    ],
  },
  {
    name: "moderationChannel",
    path: "/moderation/MCS-0043/1",
    routes: [...shell, "routes/_app.moderation.$stationSerialNumber.$index"],
    heading: h1("Q&A Microphone"),
    reachedFrom: [{ from: "moderation", click: (page) => page.getByRole("link", { name: "Q&A Microphone" }) }],
  },
];

export function screen(name: string): Screen {
  const found = screens.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No screen ${name}`);
  return found;
}

/**
 * A walk that shows what blocking these units does: the first screen that needs a failing
 * route module (or asks for a failing lazy chunk), reached from a screen that does not, so a
 * hydrated page has to load it on a click; when every screen needs one (the entry, root, the
 * shell), any two screens.
 */
export function walkFor(failing: Unit[]) {
  // A failing lazy chunk lets its page hydrate; the page then asks for it.
  const failingModules = new Set(failing.filter((unit) => !unit.importedBy).map((unit) => unit.name));
  const asked = new Set(failing.flatMap((unit) => unit.importedBy ?? []));
  const cannotHydrate = (candidate: Screen) =>
    failingModules.has("entry") || candidate.routes.some((route) => failingModules.has(route));
  const needsFailing = (candidate: Screen) =>
    cannotHydrate(candidate) || candidate.routes.some((route) => asked.has(route));
  for (const target of screens.filter(needsFailing)) {
    const way = target.reachedFrom.find((option) => !needsFailing(screen(option.from)));
    if (way)
      return {
        start: screen(way.from),
        target,
        click: way.click,
        startHydrates: true,
        targetHydrates: !cannotHydrate(target),
      };
  }
  const target = screens.find(needsFailing) ?? screen("stations");
  const way = target.reachedFrom[0]!;
  const start = screen(way.from);
  return {
    start,
    target,
    click: way.click,
    startHydrates: !cannotHydrate(start),
    targetHydrates: !cannotHydrate(target),
  };
}

/**
 * Opens a screen (some files blocked) and clicks on to another: both render, one click is
 * enough, and neither page loads twice. Returns the document loads it made.
 */
export async function walk(page: Page, steps: ReturnType<typeof walkFor>) {
  const loads: string[] = [];
  const onLoad = () => loads.push(page.url());
  page.on("load", onLoad);
  await page.goto(steps.start.path);
  await settled(page);
  await expect(steps.start.heading(page)).toBeVisible();
  await steps.click(page).click();
  await expect(page).toHaveURL(steps.target.path);
  await expect(steps.target.heading(page)).toBeVisible();
  await settled(page);
  page.off("load", onLoad);
  expect(loads.length, `document loads: ${loads.join(", ")}`).toBeLessThanOrEqual(2);
  return loads.length;
}

/**
 * Opens a screen directly: hydrated, or (when its own scripts cannot all load) the server's page
 * as it came, loaded once either way.
 */
export async function expectPageRenders(page: Page, target: Screen, hydrates: boolean) {
  const loads: string[] = [];
  const onLoad = () => loads.push(page.url());
  page.on("load", onLoad);
  await page.goto(target.path);
  await settled(page);
  await expect(target.heading(page)).toBeVisible();
  if (hydrates) await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  else await expect(page.locator("html")).not.toHaveAttribute("data-js", "on");
  page.off("load", onLoad);
  expect(loads, "document loads").toHaveLength(1);
  return 1;
}
