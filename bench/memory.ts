// npm run bench:memory: only the bench's memory figures, in a minute instead of the full bench's
// half hour — the console's RSS (all its processes, and each: the primary and its workers) at
// idle and after 20 sessions load its routes, with the simulator in its own process as in
// `npm run bench`. BENCH_STATIONS (100), BENCH_SECONDS (5 per route), BENCH_NODE_FLAGS (the
// console's V8 flags, bench/node-flags.ts). Figures are printed, never asserted.
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { consoleCommand, startConsoleProcess, startSimulatorProcess } from "../tests/support/processes";
import { measureRoute } from "./http-load";
import { benchNodeFlags } from "./node-flags";
import { freePort } from "../e2e/support/own-console";

const routes = ["/dashboard", "/stations", "/stations/MCS-0042", "/moderation/MCS-0043/1", "/appView"];
const stations = Number(process.env.BENCH_STATIONS ?? 100);
const durationMs = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

const simulator = await startSimulatorProcess({
  stations,
  managerPort: await freePort(),
  identityPort: await freePort(),
});
const consoleProcess = await startConsoleProcess({
  port: await freePort(),
  simulator,
  nodeFlags: benchNodeFlags,
});
/** All of the console's processes (the primary and its workers) and each, the primary first. */
const rss = () =>
  `${consoleProcess.rssMegabytes()} MB (${consoleProcess
    .rssPerProcess()
    .map((entry) => entry.megabytes)
    .join(" + ")})`;
try {
  await settle();
  await settle();
  const idle = rss();
  const sessions: ConsoleSession[] = [];
  for (let session = 0; session < 20; session += 1) sessions.push(await signInToConsole(consoleProcess.url, "admin"));
  let requests = 0;
  for (const route of routes) {
    const load = await measureRoute(sessions, route, { concurrency: 20, durationMs, maxRequests: 20_000 });
    requests += load.requests + load.errors;
  }
  const loaded = rss();
  await settle();
  const settled = rss();
  console.log(
    `${consoleCommand(benchNodeFlags)}, ${stations} stations, WEB_CONCURRENCY ${process.env.WEB_CONCURRENCY ?? "unset"}`,
  );
  console.log(`  console RSS at idle: ${idle}`);
  console.log(`  after ${requests} requests of 20 sessions: ${loaded}; two seconds later ${settled}`);
} finally {
  await consoleProcess.stop();
  await simulator.stop();
}
