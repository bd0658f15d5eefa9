// Both cores used (issue 14.5): the 20-session throughput of /stations with WEB_CONCURRENCY=1
// against more workers, each console started as production starts it, against the same simulator
// process, with the memory of each of its processes (the primary and its workers) at idle and
// after the load.
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
}

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
      const load = await measureRoute(sessions, "/stations", { concurrency: 20, durationMs, maxRequests: 20_000 });
      const loadedRssPerProcess = consoleProcess.rssPerProcess().map((entry) => entry.megabytes);
      console.log(
        `  WEB_CONCURRENCY=${webConcurrency}: /stations at 20 sessions ${load.throughput} req/s (p50 ${load.p50} ms); RSS per process ${idleRssPerProcess.join(" + ")} MB idle, ${loadedRssPerProcess.join(" + ")} MB after`,
      );
      figures.push({
        webConcurrency,
        throughput: load.throughput,
        p50: load.p50,
        p95: load.p95,
        errors: load.errors,
        idleRssPerProcess,
        loadedRssPerProcess,
      });
    } finally {
      await consoleProcess.stop();
    }
  }
  return figures;
}
