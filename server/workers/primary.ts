// The primary of WEB_CONCURRENCY worker processes serving one port (node:cluster): it starts the
// workers, replaces one that dies, forwards SIGTERM/SIGINT to them and exits once they have all
// drained, and gathers their metrics for /metrics. It loads neither express nor the Remix build:
// every worker holds its own copy of those, and the primary's memory stays small.
import cluster, { type Worker } from "node:cluster";
import type { ConsoleConfig } from "../../app/config.server";
import { serverEnvironment } from "../../scripts/server-command.mjs";
import { createLogger } from "../observability/logger";
import { answerMetricsRequests } from "./cluster-metrics";
import { whenReady } from "./ready";
import { createRestartDelay } from "./restart-delay";

export async function runPrimary(config: ConsoleConfig) {
  const logger = await createLogger({ level: config.logLevel });
  const running = new Set<Worker>();
  /** Each serving worker, and since when (a crash soon after it started serving is one in a row). */
  const serving = new Map<Worker, number>();
  const exitCodes: number[] = [];
  const restartDelay = createRestartDelay();
  /** Replacements waiting out their delay; a stop cancels them. */
  const pendingStarts = new Set<ReturnType<typeof setTimeout>>();
  let stopping = false;

  answerMetricsRequests();

  // cluster.fork() passes the primary's node flags (the heap limits of scripts/server-command.mjs)
  // and its environment on to each worker; the allocator's settings apply from a process's start,
  // so a worker gets them here even when the primary was started without them.
  const startWorker = () => {
    const worker = cluster.fork({ ...serverEnvironment, ...process.env });
    running.add(worker);
    whenReady(worker, () => {
      serving.set(worker, Date.now());
      logger.info({ worker: worker.process.pid }, "Worker is serving");
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    const servingSince = serving.get(worker);
    serving.delete(worker);
    if (stopping) {
      exitCodes.push(code ?? 1);
      if (running.size === 0) exitStopped();
      return;
    }
    if (servingSince === undefined) {
      // A worker that never got to serve will not fare better when started again (its
      // configuration, the port, the store): stop rather than start it over and over.
      logger.fatal({ worker: worker.process.pid, code, signal }, "A worker could not start; stopping the console");
      stopping = true;
      exitCodes.push(1);
      for (const timer of pendingStarts) clearTimeout(timer);
      for (const other of running) other.process.kill("SIGTERM");
      if (running.size === 0) process.exit(1);
      return;
    }
    const restartInMs = restartDelay.after(Date.now() - servingSince);
    logger.error(
      { worker: worker.process.pid, code, signal, restartInMs },
      "A worker exited unexpectedly; starting another",
    );
    if (restartInMs === 0) return void startWorker();
    const timer = setTimeout(() => {
      pendingStarts.delete(timer);
      startWorker();
    }, restartInMs);
    pendingStarts.add(timer);
  });

  function exitStopped() {
    const failed = exitCodes.some((exitCode) => exitCode !== 0);
    logger.info({ workers: exitCodes.length }, failed ? "Stopped; a worker did not stop cleanly" : "Stopped");
    process.exit(failed ? 1 : 0);
  }

  // Each worker drains by itself (server/graceful-shutdown.ts); a signal again more than a second
  // later makes them stop at once, as it does a single process.
  const stop = (signal: NodeJS.Signals) => {
    if (!stopping) logger.info({ signal }, "Stopping the workers");
    stopping = true;
    for (const timer of pendingStarts) clearTimeout(timer);
    pendingStarts.clear();
    for (const worker of running) worker.process.kill(signal);
    // Every worker had died and their replacements were still waiting: nothing is left to drain.
    if (running.size === 0) exitStopped();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  logger.info({ workers: config.webConcurrency, port: config.port }, `Starting ${config.webConcurrency} workers`);
  for (let index = 0; index < config.webConcurrency; index += 1) startWorker();
}
