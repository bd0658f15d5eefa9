// npm run bench: server render latency and throughput per page at 1 and 20 sessions with 100
// and 1,000 stations, JavaScript bytes per route, push-to-screen latency, revalidations under a
// burst of updates and the console's memory. Loopback only; a few minutes in all.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { signInWithPassword } from "../tests/support/identity";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { launchBrowser, pushToScreenLatency, revalidationsUnderBurst } from "./browser";
import { startConsole } from "./console-process";
import { measureRoute } from "./http-load";
import { javaScriptPerRoute, totalCss } from "./js-bytes";
import { machineDescription, writeResults, type BenchResults } from "./report";

const routes = ["/dashboard", "/stations", "/stations/MCS-0042", "/moderation/MCS-0043/1", "/appView"];
const fleetSizes = (process.env.BENCH_FLEETS ?? "100,1000").split(",").map(Number);
const secondsPerMeasurement = Number(process.env.BENCH_SECONDS ?? 5);
const pushChanges = Number(process.env.BENCH_PUSH_CHANGES ?? 60);

if (!existsSync("build/index.js") || process.env.BENCH_BUILD === "1") {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const results: BenchResults = {
  ranAt: new Date().toISOString(),
  machine: machineDescription(),
  fleets: [],
  javaScript: javaScriptPerRoute(),
  css: totalCss(),
};

const browser = await launchBrowser();
try {
  for (const [index, stations] of fleetSizes.entries()) {
    const consoleProcess = await startConsole({ stations, port: 3390 + index, simulatorPort: 5390 + index });
    try {
      console.log(`— ${stations} stations: signing in 20 sessions…`);
      const sessions: ConsoleSession[] = [];
      for (let session = 0; session < 20; session += 1) sessions.push(await signInToConsole(consoleProcess.url, "admin"));
      const fleet: BenchResults["fleets"][number] = {
        stations,
        routes: [],
        pushToScreen: { changes: 0, p50: 0, p95: 0, max: 0 },
        burst: { updates: 0, revalidations: 0, maxPerSecond: 0 },
        consoleRssMegabytes: 0,
      };
      for (const route of routes) {
        const c1 = await measureRoute(sessions, route, { concurrency: 1, durationMs: secondsPerMeasurement * 1000, maxRequests: 2000 });
        const c20 = await measureRoute(sessions, route, { concurrency: 20, durationMs: secondsPerMeasurement * 1000, maxRequests: 20_000 });
        if (c1.errors || c20.errors) console.warn(`  ${route}: ${c1.errors + c20.errors} answers were not 200`);
        console.log(`  ${route}: 1 session p95 ${c1.p95} ms; 20 sessions p95 ${c20.p95} ms, ${c20.throughput} req/s`);
        fleet.routes.push({ route, c1: { ...c1 }, c20: { ...c20 } });
      }
      const { accessToken } = await signInWithPassword({
        issuer: `${consoleProcess.url}/oidc`,
        clientId: "station-console",
        clientSecret: "station-console-development-secret",
        redirectUri: `${consoleProcess.url}/login`,
        username: "admin",
        password: "admin",
      });
      fleet.pushToScreen = await pushToScreenLatency(browser, consoleProcess, sessions[0]!, accessToken, pushChanges);
      console.log(`  push to screen: p50 ${fleet.pushToScreen.p50} ms, p95 ${fleet.pushToScreen.p95} ms`);
      fleet.burst = await revalidationsUnderBurst(browser, consoleProcess, sessions[1]!);
      console.log(`  burst: ${fleet.burst.revalidations} revalidations, max ${fleet.burst.maxPerSecond}/s`);
      fleet.consoleRssMegabytes = consoleProcess.rssMegabytes();
      results.fleets.push(fleet);
    } finally {
      await consoleProcess.stop();
    }
  }
} finally {
  await browser.close();
}

console.log(`\n${writeResults(results)}`);
