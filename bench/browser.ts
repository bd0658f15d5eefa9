// What a user sees: how long a change in the Manager takes to reach the screen (push → hub
// bridge → revalidation → DOM), and how many revalidations a burst of pushes causes.
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "@playwright/test";
import { managerPaths } from "../app/contract/paths";
import type { ConsoleSession } from "../tests/support/console-session";
import type { ConsoleProcess } from "../tests/support/processes";

const chromiumPath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
}

async function signedInPage(
  browser: Browser,
  consoleProcess: ConsoleProcess,
  session: ConsoleSession,
  path: string,
): Promise<Page> {
  const context = await browser.newContext();
  const cookies = session.cookie.split(";").map((pair) => {
    const [name = "", ...value] = pair.trim().split("=");
    return { name, value: value.join("="), url: consoleProcess.url };
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(`${consoleProcess.url}${path}`);
  // Live updates run once the page's hubs are open upstream.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const state = (await (await fetch(`${consoleProcess.simulatorUrl}/__simulator/state`)).json()) as {
      hubConnections: number;
    };
    if (state.hubConnections > 0) break;
    await page.waitForTimeout(100);
  }
  return page;
}

const changeSpacingMs = 500;

function percentile(sorted: number[], fraction: number) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export async function pushToScreenLatency(
  browser: Browser,
  consoleProcess: ConsoleProcess,
  session: ConsoleSession,
  accessToken: string,
  changes: number,
) {
  const serialNumber = "MCS-0042";
  const page = await signedInPage(browser, consoleProcess, session, `/stations?q=${serialNumber}`);
  const latencies: number[] = [];
  for (let index = 0; index < changes; index += 1) {
    const name = `Bench hall ${index} ${Math.random().toString(36).slice(2, 7)}`;
    const sentAt = Date.now();
    const rename = fetch(`${consoleProcess.simulatorUrl}${managerPaths.updateName(serialNumber)}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    const shownAt = await page.waitForFunction(
      (expected) => (document.body.innerText.includes(expected) ? Date.now() : false),
      name,
      { polling: "raf", timeout: 15_000 },
    );
    latencies.push(Number(await shownAt.jsonValue()) - sentAt);
    await rename;
    // Changes come one at a time, further apart than the console's revalidation interval (at most
    // about 3 a second, app/live/LiveUpdates.tsx): back-to-back changes would measure that
    // deliberate throttle, which the burst measurement reports, not the latency of one change.
    await page.waitForTimeout(changeSpacingMs);
  }
  await page.context().close();
  latencies.sort((a, b) => a - b);
  return { changes, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: latencies.at(-1) ?? 0 };
}

export async function revalidationsUnderBurst(
  browser: Browser,
  consoleProcess: ConsoleProcess,
  session: ConsoleSession,
) {
  const page = await signedInPage(browser, consoleProcess, session, "/stations");
  await page.waitForTimeout(1000);
  const revalidations: number[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) revalidations.push(Date.now());
  });
  const startedAt = Date.now();
  await fetch(`${consoleProcess.simulatorUrl}/__simulator/burst`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count: 1000, durationMs: 1000 }),
  });
  await page.waitForTimeout(3000);
  await page.context().close();
  const relative = revalidations.map((time) => time - startedAt);
  let worstSecond = 0;
  for (const start of relative) {
    worstSecond = Math.max(worstSecond, relative.filter((time) => time >= start && time < start + 1000).length);
  }
  return { updates: 1000, revalidations: relative.length, maxPerSecond: worstSecond };
}
