// npm run bench: the console in its own process against the simulator in another, on loopback.
// Per route: the document's server time next to the same URL's `.data` time (all its loaders)
// and their ratio, throughput at 20 sessions, push-to-screen latency, revalidations under a burst,
// the console's memory at idle and after the load, JavaScript bytes per route, and Lighthouse's
// mobile preset on the kiosk routes. Figures are reported, never asserted.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { signInWithPassword } from "../tests/support/identity";
import { consoleCommand, startConsoleProcess, startSimulatorProcess } from "../tests/support/processes";
import { benchAuditLog } from "./audit-log";
import { benchVenueBackup } from "./venue-backup";
import { benchFleetBulk } from "./fleet-bulk";
import { benchFirmwareRollout } from "./firmware-rollout";
import { benchListening } from "./listening";
import { launchBrowser, pushToScreenLatency, revalidationsUnderBurst } from "./browser";
import { dataUrlOf, measureRoute } from "./http-load";
import { javaScriptPerRoute, totalCss } from "./js-bytes";
import { lighthouseRoutes as runLighthouse } from "./lighthouse";
import { machineDescription, writeResults, type BenchResults } from "./report";
import { compareWorkers } from "./workers";
import { freePort } from "../e2e/support/own-console";

const routes = ["/dashboard", "/stations", "/stations/MCS-0042", "/moderation/MCS-0043/1", "/appView"];
/** Lighthouse's routes: the kiosk routes, and the lists a venue admin opens first (issue 38: no layout shift). */
const lighthouseRoutes = [...routes, "/auditLog", "/firmware/rollouts"];
const fleetSizes = (process.env.BENCH_FLEETS ?? "100,1000").split(",").map(Number);
const secondsPerMeasurement = Number(process.env.BENCH_SECONDS ?? 5);
const pushChanges = Number(process.env.BENCH_PUSH_CHANGES ?? 60);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** WEB_CONCURRENCY values compared on the largest fleet ("" to skip). */
const workerCounts = (process.env.BENCH_WORKERS ?? "1,2").split(",").filter(Boolean).map(Number);

if (!existsSync("build/index.js") || process.env.BENCH_BUILD === "1") {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const results: BenchResults = {
  ranAt: new Date().toISOString(),
  machine: machineDescription(),
  consoleCommand: consoleCommand(),
  fleets: [],
  workers: [],
  lighthouse: [],
  javaScript: javaScriptPerRoute(),
  css: totalCss(),
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

const browser = await launchBrowser();
try {
  for (const [index, stations] of fleetSizes.entries()) {
    const simulator = await startSimulatorProcess({
      stations,
      managerPort: await freePort(),
      identityPort: await freePort(),
    });
    // As production runs it: WEB_CONCURRENCY unset, one worker per CPU.
    const consoleProcess = await startConsoleProcess({ port: await freePort(), simulator });
    try {
      await settle();
      await settle();
      const idleRss = consoleProcess.rssMegabytes();
      const idleRssPerProcess = consoleProcess.rssPerProcess().map((entry) => entry.megabytes);
      console.log(
        `— ${stations} stations: console idle at ${idleRss} MB (per process ${idleRssPerProcess.join(" + ")}); signing in 20 sessions…`,
      );
      const sessions: ConsoleSession[] = [];
      for (let session = 0; session < 20; session += 1)
        sessions.push(await signInToConsole(consoleProcess.url, "admin"));
      const fleet: BenchResults["fleets"][number] = {
        stations,
        routes: [],
        pushToScreen: { changes: 0, p50: 0, p95: 0, max: 0 },
        burst: { updates: 0, revalidations: 0, maxPerSecond: 0 },
        idleRssMegabytes: idleRss,
        consoleRssMegabytes: 0,
        idleRssPerProcess,
        consoleRssPerProcess: [],
      };
      const window = { durationMs: secondsPerMeasurement * 1000 };
      for (const route of routes) {
        const document = await measureRoute(sessions, route, { ...window, concurrency: 1, maxRequests: 2000 });
        const data = await measureRoute(sessions, dataUrlOf(route), { ...window, concurrency: 1, maxRequests: 2000 });
        const c20 = await measureRoute(sessions, route, { ...window, concurrency: 20, maxRequests: 20_000 });
        const errors = document.errors + data.errors + c20.errors;
        if (errors) console.warn(`  ${route}: ${errors} answers were not 200`);
        const renderRatio = Math.round((document.p50 / Math.max(data.p50, 0.1)) * 10) / 10;
        console.log(
          `  ${route}: document p50 ${document.p50} ms, .data p50 ${data.p50} ms (${renderRatio}×); 20 sessions ${c20.throughput} req/s`,
        );
        fleet.routes.push({ route, c1: { ...document }, data: { ...data }, renderRatio, c20: { ...c20 } });
      }
      const { accessToken } = await signInWithPassword({
        issuer: consoleProcess.issuer,
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
      fleet.consoleRssPerProcess = consoleProcess.rssPerProcess().map((entry) => entry.megabytes);
      console.log(
        `  console after the load: ${fleet.consoleRssMegabytes} MB (per process ${fleet.consoleRssPerProcess.join(" + ")})`,
      );
      if (index === fleetSizes.length - 1 && lighthouseRuns > 0) {
        results.lighthouse = await runLighthouse(consoleProcess.url, sessions[2]!, lighthouseRoutes, lighthouseRuns);
        results.lighthouseStations = stations;
        results.lighthouseRuns = lighthouseRuns;
      }
      results.fleets.push(fleet);
      await consoleProcess.stop();
      if (index === fleetSizes.length - 1 && workerCounts.length > 0) {
        console.log(`  /stations at 20 sessions by WEB_CONCURRENCY (${stations} stations):`);
        results.workers = await compareWorkers(simulator, workerCounts, secondsPerMeasurement * 1000);
        results.workersStations = stations;
      }
    } finally {
      await consoleProcess.stop();
      await simulator.stop();
    }
  }
} finally {
  await browser.close();
}
if (process.env.BENCH_AUDIT !== "0") results.auditLog = await benchAuditLog();
if (process.env.BENCH_VENUE !== "0") results.venueBackup = await benchVenueBackup();
if (process.env.BENCH_FLEET_BULK !== "0") results.fleetBulk = await benchFleetBulk();
if (process.env.BENCH_ROLLOUT !== "0") results.firmwareRollout = await benchFirmwareRollout();
if (process.env.BENCH_LISTENING !== "0") results.listening = await benchListening();

console.log(`\n${writeResults(results)}`);
const unmeasured = results.lighthouse.filter((page) => page.score === null);
if (unmeasured.length > 0) {
  console.error(
    `\nLighthouse measured nothing on ${unmeasured.map((page) => `${page.route} (${page.failures.join("; ")})`).join(", ")}`,
  );
  process.exitCode = 1;
}
