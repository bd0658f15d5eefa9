// npm run bench:render: the render cost alone, in a minute — per route, the document's server
// time next to the same URL's `.data` time, taken in alternation so a busy machine slows both
// alike, and the console's own CPU time per request (from /proc, which other processes do not inflate); then, with BENCH_PROFILE_DIR set, a second console under `--cpu-prof` loads
// BENCH_PROFILE_ROUTE (`/stations`) BENCH_PROFILE_REQUESTS times and leaves its profile there (read it with bench/profile-summary.ts).
// BENCH_ROUTES (comma-separated), BENCH_STATIONS (1000), BENCH_REQUESTS (200 per route), BENCH_CONSOLE_PORT (3395),
// BENCH_SIMULATOR_PORT (5395, and the next port for its identity provider), WEB_CONCURRENCY (1).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess, type SimulatorProcess } from "../tests/support/processes";
import { dataUrlOf } from "./http-load";

const routes = (
  process.env.BENCH_ROUTES ?? "/dashboard,/stations,/stations/MCS-0042,/moderation/MCS-0043/1,/appView"
).split(",");
const stations = Number(process.env.BENCH_STATIONS ?? 1000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const consolePort = Number(process.env.BENCH_CONSOLE_PORT ?? 3395);
const simulatorPort = Number(process.env.BENCH_SIMULATOR_PORT ?? 5395);
const profileDirectory = process.env.BENCH_PROFILE_DIR;
const profileRequests = Number(process.env.BENCH_PROFILE_REQUESTS ?? 300);
const profileRoute = process.env.BENCH_PROFILE_ROUTE ?? "/stations";

async function timed(session: ConsoleSession, path: string) {
  const started = performance.now();
  const response = await session.fetch(path, { headers: { "accept-encoding": "gzip" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

/** The console's CPU time so far (user + system), in ms: a busy machine delays it but does not inflate it. */
function cpuMilliseconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function cpuPerRequest(session: ConsoleSession, pid: number, path: string) {
  const before = cpuMilliseconds(pid);
  for (let request = 0; request < requests; request += 1) await timed(session, path);
  return (cpuMilliseconds(pid) - before) / requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;

// One process unless told otherwise: the CPU time read from /proc is that of the process started,
// which with WEB_CONCURRENCY workers is the primary, idle while its workers serve.
const webConcurrency = process.env.WEB_CONCURRENCY ?? "1";

async function ratios(simulator: SimulatorProcess) {
  const consoleProcess = await startConsoleProcess({
    port: consolePort,
    simulator,
    env: { WEB_CONCURRENCY: webConcurrency },
  });
  try {
    const session = await signInToConsole(consoleProcess.url, "admin");
    for (const route of routes) {
      const data = dataUrlOf(route);
      for (let warmup = 0; warmup < 10; warmup += 1) {
        await timed(session, route);
        await timed(session, data);
      }
      const documentTimes: number[] = [];
      const dataTimes: number[] = [];
      for (let request = 0; request < requests; request += 1) {
        documentTimes.push(await timed(session, route));
        dataTimes.push(await timed(session, data));
      }
      const document = median(documentTimes);
      const loaders = median(dataTimes);
      const documentCpu = await cpuPerRequest(session, consoleProcess.pid, route);
      const dataCpu = await cpuPerRequest(session, consoleProcess.pid, data);
      console.log(
        `${route}: document p50 ${round(document)} ms, .data p50 ${round(loaders)} ms (${round(document / loaders)}×);` +
          ` console CPU per document ${round(documentCpu)} ms, per .data ${round(dataCpu)} ms (${round(documentCpu / dataCpu)}×)`,
      );
    }
  } finally {
    await consoleProcess.stop();
  }
}

async function profile(simulator: SimulatorProcess, directory: string) {
  mkdirSync(directory, { recursive: true });
  const consoleProcess = await startConsoleProcess({
    port: consolePort,
    simulator,
    env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${resolve(directory)}`, WEB_CONCURRENCY: webConcurrency },
  });
  try {
    const session = await signInToConsole(consoleProcess.url, "admin");
    for (let warmup = 0; warmup < 20; warmup += 1) await timed(session, profileRoute);
    // The profile's clock is the system's monotonic clock, as hrtime is: the summary counts only
    // the samples of this window, not the start-up and the sign-in.
    const from = Number(process.hrtime.bigint() / 1000n);
    for (let request = 0; request < profileRequests; request += 1) await timed(session, profileRoute);
    const to = Number(process.hrtime.bigint() / 1000n);
    writeFileSync(join(directory, "window.json"), JSON.stringify({ fromMicroseconds: from, toMicroseconds: to }));
  } finally {
    await consoleProcess.stop();
  }
  console.log(`profile of ${profileRequests} × ${profileRoute} in ${directory}`);
}

const simulator = await startSimulatorProcess({
  stations,
  managerPort: simulatorPort,
  identityPort: simulatorPort + 1,
});
try {
  await ratios(simulator);
  if (profileDirectory) await profile(simulator, profileDirectory);
} finally {
  await simulator.stop();
}
