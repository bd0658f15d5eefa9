// Lighthouse's mobile preset (simulated 4× CPU slowdown, slow 4G) against the signed-in console:
// three runs per route, the median reported, as a kiosk on a weak network would load the page.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import type { ConsoleSession } from "../tests/support/console-session";

export interface LighthouseFigures {
  route: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

const chromePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function lighthouseRoutes(
  consoleUrl: string,
  session: ConsoleSession,
  routes: string[],
  runs = 3,
): Promise<LighthouseFigures[]> {
  const chrome = await launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const route of routes) {
      const samples: Omit<LighthouseFigures, "route">[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${consoleUrl}${route}`, {
          port: chrome.port,
          onlyCategories: ["performance"],
          // Every run loads the page as a first visit; the cookie is the signed-in session.
          extraHeaders: { Cookie: session.cookie },
          logLevel: "error",
        });
        const audits = result?.lhr.audits;
        if (!result || !audits) throw new Error(`Lighthouse gave no result for ${route}`);
        if (result.lhr.finalDisplayedUrl && new URL(result.lhr.finalDisplayedUrl).pathname !== route) {
          throw new Error(`Lighthouse on ${route} ended on ${result.lhr.finalDisplayedUrl}: not signed in?`);
        }
        samples.push({
          score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? Number.NaN),
          lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
          tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
        });
      }
      figures.push({
        route,
        score: median(samples.map((sample) => sample.score)),
        fcpMs: median(samples.map((sample) => sample.fcpMs)),
        lcpMs: median(samples.map((sample) => sample.lcpMs)),
        tbtMs: median(samples.map((sample) => sample.tbtMs)),
      });
      console.log(`  Lighthouse ${route}: ${figures.at(-1)!.score}, TBT ${figures.at(-1)!.tbtMs} ms`);
    }
    return figures;
  } finally {
    await chrome.kill();
  }
}
