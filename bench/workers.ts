// Both cores used (issue 14.5): the 20-session throughput of /stations with WEB_CONCURRENCY=1
// against more workers, each console started as production starts it, against the same simulator
// process, with the memory of each of its processes (the primary and its workers) at idle and
// after the load, and where the machine's CPU went meanwhile: on a 2-core machine the simulator
// and the load generator share the cores with the workers, which caps what a second worker adds.
import { readFileSync } from "node:fs";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, type SimulatorProcess } from "../tests/support/processes";
import { freePort } from "../e2e/support/own-console";
import { measureRoute } from "./http-load";

export interface WorkersFigures {
  webConcurrency: number;
  throughput: number;
  p50: number;
  p95: number;
  errors: number;
  /** RSS in MB of each process, the primary first (one process: just it). */
  idleRssPerProcess: number[];
  loadedRssPerProcess: number[];
  /** CPU time per request during the load, in ms: the console's processes, the simulator, this load generator. */
  cpuPerRequest?: { console: number; simulator: number; loadGenerator: number };
  /** Share of the machine's CPU time (all cores) that was busy during the load, in %. */
  machineBusy?: number;
}

/** Busy and total jiffies of all cores together, from the first line of /proc/stat. */
function machineJiffies() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

const processCpuMilliseconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

export async function compareWorkers(
  simulator: SimulatorProcess,
  counts: number[],
  durationMs: number,
): Promise<WorkersFigures[]> {
  const figures: WorkersFigures[] = [];
  for (const webConcurrency of counts) {
    const consoleProcess = await startConsoleProcess({
      port: await freePort(),
      simulator,
      env: { WEB_CONCURRENCY: String(webConcurrency) },
    });
    try {
      // /healthz answers as soon as one worker serves: let the others start too.
      await settle();
      await settle();
      const idleRssPerProcess = consoleProcess.rssPerProcess().map((entry) => entry.megabytes);
      const sessions: ConsoleSession[] = [];
      for (let session = 0; session < 20; session += 1)
        sessions.push(await signInToConsole(consoleProcess.url, "admin"));
      const before = {
        console: consoleProcess.cpuMilliseconds(),
        simulator: simulator.cpuMilliseconds(),
        loadGenerator: processCpuMilliseconds(),
        machine: machineJiffies(),
      };
      const load = await measureRoute(sessions, "/stations", { concurrency: 20, durationMs, maxRequests: 20_000 });
      const machine = machineJiffies();
      const served = Math.max(1, load.requests);
      const perRequest = (used: number) => Math.round((used / served) * 10) / 10;
      const cpuPerRequest = {
        console: perRequest(consoleProcess.cpuMilliseconds() - before.console),
        simulator: perRequest(simulator.cpuMilliseconds() - before.simulator),
        loadGenerator: perRequest(processCpuMilliseconds() - before.loadGenerator),
      };
      const machineBusy = Math.round(
        ((machine.busy - before.machine.busy) / Math.max(1, machine.total - before.machine.total)) * 100,
      );
      const loadedRssPerProcess = consoleProcess.rssPerProcess().map((entry) => entry.megabytes);
      console.log(
        `  WEB_CONCURRENCY=${webConcurrency}: /stations at 20 sessions ${load.throughput} req/s (p50 ${load.p50} ms); RSS per process ${idleRssPerProcess.join(" + ")} MB idle, ${loadedRssPerProcess.join(" + ")} MB after; CPU per request: console ${cpuPerRequest.console} ms, simulator ${cpuPerRequest.simulator} ms, load generator ${cpuPerRequest.loadGenerator} ms; machine ${machineBusy}% busy`,
      );
      figures.push({
        webConcurrency,
        throughput: load.throughput,
        p50: load.p50,
        p95: load.p95,
        errors: load.errors,
        idleRssPerProcess,
        loadedRssPerProcess,
        cpuPerRequest,
        machineBusy,
      });
    } finally {
      await consoleProcess.stop();
    }
  }
  return figures;
}
