// npx tsx bench/long-tasks.ts: what a page costs the browser's main thread while it loads and
// hydrates, on a kiosk-like CPU — Chromium with 4× CPU throttling (as Lighthouse's mobile preset
// simulates), the long tasks after the first contentful paint for BENCH_WINDOW_MS (12 s) after
// navigation, and their blocking time, Σ(duration − 50 ms), as TBT counts it. Lighthouse's TBT on a
// shared machine moves by 4–6× between runs of the same build (bench/notes/lighthouse.md); this one
// is observed, not simulated, and several builds are measured alternating run by run, so a busy
// machine slows each alike.
// BENCH_BUILDS: comma-separated directories, each a checkout with its own `build/` and
// `public/build/` (default: this one), each served by its own console against one simulator;
// BENCH_ROUTE (/appView), BENCH_RUNS (5 per build), BENCH_STATIONS (1000), BENCH_CONSOLE_PORTS
// (one per build, comma-separated; default 3396 and the next ports), BENCH_SIMULATOR_PORT (5396),
// BENCH_IDENTITY_PORT (its identity provider's; the next port by default); BENCH_LIGHTHOUSE=1 adds one Lighthouse run (bench/lighthouse.ts)
// per build and round, for its score and TBT; BENCH_PROFILE_DIR keeps the browser's CPU profile of
// each build's last run there (<build directory's name>.cpuprofile; bench/browser-profile.ts reads it).
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Browser } from "@playwright/test";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess, type ConsoleProcess } from "../tests/support/processes";
import { launchBrowser } from "./browser";
import { lighthouseRoutes } from "./lighthouse";

const builds = (process.env.BENCH_BUILDS ?? process.cwd()).split(",").map((directory) => resolve(directory));
const route = process.env.BENCH_ROUTE ?? "/appView";
const runs = Number(process.env.BENCH_RUNS ?? 5);
const stations = Number(process.env.BENCH_STATIONS ?? 1000);
const consolePorts = (process.env.BENCH_CONSOLE_PORTS ?? builds.map((_, index) => 3396 + index).join(","))
  .split(",")
  .map(Number);
const simulatorPort = Number(process.env.BENCH_SIMULATOR_PORT ?? 5396);
const identityPort = Number(process.env.BENCH_IDENTITY_PORT ?? simulatorPort + 1);
const windowMs = Number(process.env.BENCH_WINDOW_MS ?? 12_000);
const withLighthouse = process.env.BENCH_LIGHTHOUSE === "1";
const profileDirectory = process.env.BENCH_PROFILE_DIR;

interface Observed {
  blockingMs: number;
  longTasks: number;
  longestMs: number;
  elements: number;
  dataRequests: number;
}

/** One first visit, signed in, under 4× CPU throttling. */
async function observe(
  browser: Browser,
  consoleProcess: ConsoleProcess,
  session: ConsoleSession,
  profilePath?: string,
): Promise<Observed> {
  const context = await browser.newContext();
  await context.addCookies(
    session.cookie.split(";").map((pair) => {
      const [name = "", ...value] = pair.trim().split("=");
      return { name, value: value.join("="), url: consoleProcess.url };
    }),
  );
  // Before the page's own scripts: every long task from the start.
  await context.addInitScript(() => {
    const tasks: Array<{ start: number; duration: number }> = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  if (profilePath) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  let dataRequests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests += 1;
  });
  await page.goto(`${consoleProcess.url}${route}`);
  await page.waitForTimeout(windowMs);
  if (profilePath) {
    const { profile } = await cdp.send("Profiler.stop");
    mkdirSync(dirname(profilePath), { recursive: true });
    writeFileSync(profilePath, JSON.stringify(profile));
  }
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const tasks = (window as unknown as { longTasks: Array<{ start: number; duration: number }> }).longTasks.filter(
      (task) => task.start + task.duration > fcp,
    );
    return {
      blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longTasks: tasks.length,
      longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
      elements: document.querySelectorAll("*").length,
    };
  });
  await context.close();
  return { ...result, dataRequests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const round = (value: number) => Math.round(value);

const simulator = await startSimulatorProcess({ stations, managerPort: simulatorPort, identityPort });
const consoles: ConsoleProcess[] = [];
const home = process.cwd();
try {
  for (const [index, directory] of builds.entries()) {
    // The console runs the build of the directory it is started in (scripts/server-command.mjs).
    process.chdir(directory);
    try {
      consoles.push(await startConsoleProcess({ port: consolePorts[index]!, simulator }));
    } finally {
      process.chdir(home);
    }
  }
  const sessions = await Promise.all(consoles.map((consoleProcess) => signInToConsole(consoleProcess.url, "admin")));
  const browser = await launchBrowser();
  const observed: Observed[][] = builds.map(() => []);
  const lighthouse: Array<Array<{ score: number | null; tbtMs: number | null }>> = builds.map(() => []);
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const [index, directory] of builds.entries()) {
        const profilePath =
          profileDirectory && run === runs ? join(profileDirectory, `${basename(directory)}.cpuprofile`) : undefined;
        const figures = await observe(browser, consoles[index]!, sessions[index]!, profilePath);
        observed[index]!.push(figures);
        console.log(
          `${directory} ${route} run ${run}: blocking ${round(figures.blockingMs)} ms in ${figures.longTasks} long tasks` +
            ` (longest ${round(figures.longestMs)} ms), ${figures.elements} elements, ${figures.dataRequests} .data`,
        );
        if (withLighthouse) {
          const [page] = await lighthouseRoutes(consoles[index]!.url, sessions[index]!, [route], 1);
          lighthouse[index]!.push({ score: page?.score ?? null, tbtMs: page?.tbtMs ?? null });
        }
      }
    }
  } finally {
    await browser.close();
  }
  for (const [index, directory] of builds.entries()) {
    const figures = observed[index]!;
    const scores = lighthouse[index]!.flatMap((page) => (page.score === null ? [] : [page.score]));
    const tbts = lighthouse[index]!.flatMap((page) => (page.tbtMs === null ? [] : [page.tbtMs]));
    console.log(
      `${directory} ${route}, median of ${figures.length}: blocking ${round(median(figures.map((f) => f.blockingMs)))} ms` +
        ` (runs ${figures.map((f) => round(f.blockingMs)).join(", ")}), longest task ${round(median(figures.map((f) => f.longestMs)))} ms` +
        (withLighthouse
          ? `; Lighthouse score ${median(scores)}, TBT ${round(median(tbts))} ms (runs ${lighthouse[index]!.map((page) => `${page.score}/${page.tbtMs === null ? "-" : round(page.tbtMs)}`).join(" ")})`
          : ""),
    );
  }
} finally {
  for (const consoleProcess of consoles) await consoleProcess.stop();
  await simulator.stop();
}
