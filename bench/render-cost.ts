// npm run bench:render: the render cost alone, in a minute — per route, the document's server
// time next to the same URL's `.data` time, taken in alternation so a busy machine slows both
// alike, and the console's own CPU time per request (from /proc, which other processes do not
// inflate); then, with BENCH_PROFILE_DIR set, a second console under `--cpu-prof` loads
// BENCH_PROFILE_ROUTE (/stations) BENCH_PROFILE_REQUESTS (300) times and leaves its profile there
// (read it with bench/profile-summary.ts).
// BENCH_ROUTES (comma-separated; empty for the profile alone), BENCH_STATIONS (1000), BENCH_REQUESTS
// (200 per route), BENCH_CONSOLE_PORT (3395), BENCH_SIMULATOR_PORT (5395), BENCH_IDENTITY_PORT (its
// identity provider's; the next port by default), BENCH_NODE_FLAGS (the console's V8 flags, bench/node-flags.ts).
// The console runs as one process (WEB_CONCURRENCY=1): the requests come one at a time, and
// /proc/<pid>/stat counts that process's CPU alone, not its workers'.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import {
  consoleCommand,
  cpuMillisecondsOf,
  startConsoleProcess,
  startSimulatorProcess,
  type SimulatorProcess,
} from "../tests/support/processes";
import { dataUrlOf } from "./http-load";
import { benchNodeFlags } from "./node-flags";

const routes = (process.env.BENCH_ROUTES ?? "/dashboard,/stations,/stations/MCS-0042,/moderation/MCS-0043/1,/appView")
  .split(",")
  .filter((route) => route !== "");
const stations = Number(process.env.BENCH_STATIONS ?? 1000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const consolePort = Number(process.env.BENCH_CONSOLE_PORT ?? 3395);
const simulatorPort = Number(process.env.BENCH_SIMULATOR_PORT ?? 5395);
const identityPort = Number(process.env.BENCH_IDENTITY_PORT ?? simulatorPort + 1);
const profileDirectory = process.env.BENCH_PROFILE_DIR;
const profileRoute = process.env.BENCH_PROFILE_ROUTE ?? "/stations";
const profileRequests = Number(process.env.BENCH_PROFILE_REQUESTS ?? 300);
const oneProcess = { WEB_CONCURRENCY: "1" };

async function timed(session: ConsoleSession, path: string) {
  const started = performance.now();
  const response = await session.fetch(path, { headers: { "accept-encoding": "gzip" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

/** The console's CPU time per request (user + system), in ms: a busy machine delays it but does not inflate it. */
async function cpuPerRequest(session: ConsoleSession, pid: number, path: string) {
  const before = cpuMillisecondsOf(pid);
  for (let request = 0; request < requests; request += 1) await timed(session, path);
  return (cpuMillisecondsOf(pid) - before) / requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;

async function ratios(simulator: SimulatorProcess) {
  const consoleProcess = await startConsoleProcess({
    port: consolePort,
    simulator,
    nodeFlags: benchNodeFlags,
    env: oneProcess,
  });
  console.log(`${consoleCommand(benchNodeFlags)}, one process, ${stations} stations`);
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
    nodeFlags: benchNodeFlags,
    env: { ...oneProcess, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${resolve(directory)}` },
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
  identityPort,
});
try {
  if (routes.length > 0) await ratios(simulator);
  if (profileDirectory) await profile(simulator, profileDirectory);
} finally {
  await simulator.stop();
}
