// Lighthouse's mobile preset (simulated 4× CPU slowdown, slow 4G) against the signed-in console:
// three runs per route, the median reported, as a kiosk on a weak network would load the page.
// A run Lighthouse could not measure is reported with its reason (bench/lighthouse-figures.ts)
// and another run takes its place, at most `runs` more per route: Lighthouse's trace-recording
// errors (NO_NAVSTART: "Please run Lighthouse again") are its own, not the page's.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import type { ConsoleSession } from "../tests/support/console-session";
import { figuresOf, routeFigures, type LighthouseFigures, type LighthouseSample } from "./lighthouse-figures";

export type { LighthouseFigures } from "./lighthouse-figures";

const chromePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
/** When set, every run's report (Lighthouse's JSON) is kept there, to see what blocked. */
const reportsDirectory = process.env.BENCH_LIGHTHOUSE_REPORTS;
/**
 * "simulate" (Lighthouse's default: an unthrottled load, replayed by its model on slow 4G and 4×
 * CPU) or "devtools" (the load itself throttled in Chrome, so what is measured is what happened).
 */
const throttlingMethod = process.env.BENCH_LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate";

/** One Chrome for all runs: every run loads the page as a first visit (Lighthouse clears the cache). */
export async function launchLighthouseChrome() {
  const chrome = await launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  if (reportsDirectory) mkdirSync(reportsDirectory, { recursive: true });
  return chrome;
}

/** One mobile-preset run of the signed-in page; its report is kept when BENCH_LIGHTHOUSE_REPORTS is set. */
export async function lighthouseRun(chromePort: number, url: string, cookie: string, reportName: string) {
  const result = await lighthouse(url, {
    port: chromePort,
    onlyCategories: ["performance"],
    throttlingMethod,
    extraHeaders: { Cookie: cookie },
    logLevel: "error",
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (reportsDirectory) writeFileSync(join(reportsDirectory, `${reportName}.json`), JSON.stringify(result.lhr));
  const path = new URL(url).pathname;
  if (result.lhr.finalDisplayedUrl && new URL(result.lhr.finalDisplayedUrl).pathname !== path) {
    throw new Error(`Lighthouse on ${path} ended on ${result.lhr.finalDisplayedUrl}: not signed in?`);
  }
  return result.lhr;
}

export async function lighthouseRoutes(
  consoleUrl: string,
  session: ConsoleSession,
  routes: string[],
  runs = 3,
): Promise<LighthouseFigures[]> {
  const chrome = await launchLighthouseChrome();
  try {
    const figures: LighthouseFigures[] = [];
    for (const route of routes) {
      const samples: LighthouseSample[] = [];
      const failures: string[] = [];
      for (let run = 1; samples.length < runs && run <= runs * 2; run += 1) {
        const lhr = await lighthouseRun(
          chrome.port,
          `${consoleUrl}${route}`,
          session.cookie,
          `${route.replaceAll("/", "_")}-${run}`,
        );
        const sample = figuresOf(lhr);
        if ("failure" in sample) {
          failures.push(sample.failure);
          console.error(`  Lighthouse ${route}, run ${run}: no figures — ${sample.failure}`);
        } else samples.push(sample);
      }
      const page = routeFigures(route, samples, failures);
      figures.push(page);
      console.log(
        page.score === null
          ? `  Lighthouse ${route}: no figures in ${failures.length} runs`
          : `  Lighthouse ${route}: ${page.score}, FCP ${page.fcpMs} ms, LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}` +
              ` (${page.runs} runs${failures.length ? `, ${failures.length} without figures` : ""})`,
      );
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
