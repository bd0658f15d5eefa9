// The primary of WEB_CONCURRENCY worker processes serving one port (node:cluster): it starts the
// workers, replaces one that dies, forwards SIGTERM/SIGINT to them and exits once they have all
// drained, and gathers their metrics for /metrics. It loads neither express nor the Remix build:
// every worker holds its own copy of those, and the primary's memory stays small.
import cluster, { type Worker } from "node:cluster";
import type { ConsoleConfig } from "../../app/config.server";
import { createLogger } from "../observability/logger";
import { answerMetricsRequests } from "./cluster-metrics";
import { whenReady } from "./ready";

export async function runPrimary(config: ConsoleConfig) {
  const logger = await createLogger({ level: config.logLevel });
  const running = new Set<Worker>();
  const serving = new Set<Worker>();
  const exitCodes: number[] = [];
  let stopping = false;

  answerMetricsRequests();

  // cluster.fork() passes the primary's node flags (the heap limits of scripts/server-command.mjs)
  // and its environment on to each worker.
  const startWorker = () => {
    const worker = cluster.fork();
    running.add(worker);
    whenReady(worker, () => {
      serving.add(worker);
      logger.info({ worker: worker.process.pid }, "Worker is serving");
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    const served = serving.delete(worker);
    if (stopping) {
      exitCodes.push(code ?? 1);
      if (running.size === 0) {
        const failed = exitCodes.some((exitCode) => exitCode !== 0);
        logger.info({ workers: exitCodes.length }, failed ? "Stopped; a worker did not stop cleanly" : "Stopped");
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    if (!served) {
      // A worker that never got to serve will not fare better when started again (its
      // configuration, the port, the store): stop rather than start it over and over.
      logger.fatal({ worker: worker.process.pid, code, signal }, "A worker could not start; stopping the console");
      stopping = true;
      exitCodes.push(1);
      for (const other of running) other.process.kill("SIGTERM");
      if (running.size === 0) process.exit(1);
      return;
    }
    logger.error({ worker: worker.process.pid, code, signal }, "A worker exited unexpectedly; starting another");
    startWorker();
  });

  // Each worker drains by itself (server/graceful-shutdown.ts); a signal again more than a second
  // later makes them stop at once, as it does a single process.
  const stop = (signal: NodeJS.Signals) => {
    if (!stopping) logger.info({ signal }, "Stopping the workers");
    stopping = true;
    for (const worker of running) worker.process.kill(signal);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  logger.info({ workers: config.webConcurrency, port: config.port }, `Starting ${config.webConcurrency} workers`);
  for (let index = 0; index < config.webConcurrency; index += 1) startWorker();
}
