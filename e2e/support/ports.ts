// Each Playwright worker has a console and simulator of its own (playwright.config.ts starts one
// pair per worker): a worker's tests run one after another against its pair, as they did with one
// worker, and the workers share nothing. Playwright names the worker in TEST_PARALLEL_INDEX.
import { join } from "node:path";

/**
 * How many workers, and so console–simulator pairs, a run has (E2E_WORKERS, default 1: on 2 cores
 * two workers were no faster than one, docs/decisions/064-a-console-per-test-worker.md).
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/** Ports of worker `index`'s console and its embedded simulator, 10 apart per worker. */
export function e2ePortsOf(index: number) {
  return {
    console: Number(process.env.E2E_CONSOLE_PORT ?? 3190) + 10 * index,
    simulator: Number(process.env.E2E_SIMULATOR_PORT ?? 5190) + 10 * index,
    /** The SMTP server the alerts' e-mail tests start (the console's SMTP_URL points at it). */
    smtp: Number(process.env.E2E_CONSOLE_PORT ?? 3190) + 10 * index + 7,
  };
}

/** Worker `index`'s DATA_DIRECTORY inside the run's directory. */
export function e2eDataDirectoryOf(runDirectory: string, index: number) {
  return join(runDirectory, `worker-${index}`);
}

const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** Ports of this worker's console and simulator. */
export const e2ePorts = e2ePortsOf(workerIndex);
export const consoleUrl = `http://127.0.0.1:${e2ePorts.console}`;
export const simulatorUrl = `http://127.0.0.1:${e2ePorts.simulator}`;
/** This worker's console's DATA_DIRECTORY (playwright.config.ts passes the run's on to the workers). */
export const e2eDataDirectory = process.env.E2E_DATA_DIRECTORY
  ? e2eDataDirectoryOf(process.env.E2E_DATA_DIRECTORY, workerIndex)
  : "";
/** The e2e console's METRICS_TOKEN (GET /metrics answers only with it). */
export const e2eMetricsToken = "e2e-metrics-token-0123456789";
