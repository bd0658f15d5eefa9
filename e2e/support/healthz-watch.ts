// Watches a console's GET /healthz while a test makes it work: one request after another from a
// thread of its own (the test's own event loop, busy reading large answers, must not count as
// the console's slowness), keeping the slowest answer and every failure. "The process survives
// and /healthz answers within 100 ms throughout" is then `stop()`'s report, related to the same
// idle console's answers just before (`idleHealthz`): on a 2-core machine the scheduler alone can
// add tens of milliseconds to an answer, which is the machine's, not the console's.
import { Worker } from "node:worker_threads";
import { expect } from "@playwright/test";

export interface HealthzReport {
  /** Requests answered. */
  answered: number;
  /** The slowest answer, in ms. */
  slowestMs: number;
  /** Requests that failed (refused, reset, not 200), each with when and why. */
  failures: string[];
}

export interface HealthzWatch {
  /** Stops asking and reports. */
  stop(): Promise<HealthzReport>;
  /** Reports once the watch has its `samples` answers. */
  finished(): Promise<HealthzReport>;
}

// Plain JavaScript: the worker runs it as it is, without the test's TypeScript loader.
const watcher = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, sampleEveryMs, samples } = workerData;
const report = { answered: 0, slowestMs: 0, failures: [] };
let stopping = false;
parentPort.on("message", () => { stopping = true; });
(async () => {
  while (!stopping && report.answered < samples) {
    const started = performance.now();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10000) });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      // The first answer pays for this thread's own first fetch (its HTTP client, its connection).
      if (report.answered > 0) report.slowestMs = Math.max(report.slowestMs, elapsed);
      report.answered += 1;
      if (response.status !== 200) report.failures.push("status " + response.status);
    } catch (error) {
      report.failures.push(String(error && error.cause ? error.cause.code || error.cause : error));
    }
    await new Promise((resolve) => setTimeout(resolve, sampleEveryMs));
  }
  parentPort.postMessage(report);
})();
`;

/** Starts watching `consoleUrl`'s /healthz; a sample every `sampleEveryMs` after the last answer. */
export function watchHealthz(consoleUrl: string, sampleEveryMs = 10, samples = Infinity): HealthzWatch {
  const worker = new Worker(watcher, {
    eval: true,
    workerData: { url: `${consoleUrl}/healthz`, sampleEveryMs, samples },
  });
  const report = new Promise<HealthzReport>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      return this.finished();
    },
    async finished() {
      const result = await report;
      await worker.terminate();
      return result;
    },
  };
}

/** The idle console's /healthz, `samples` answers asked as the watch asks them: the machine's share. */
export function idleHealthz(consoleUrl: string, samples = 200): Promise<HealthzReport> {
  return watchHealthz(consoleUrl, 10, samples).finished();
}

/**
 * Every /healthz under the work answered 200, and the slowest within `withinMs` of the idle
 * console's slowest, twice (as e2e/body-limits.api.spec.ts relates its figures to its control in the same
 * run): on a calm machine the idle slowest is a few ms and the bound about `withinMs` + 10; on a machine
 * busy with other work the scheduler's share grows both.
 */
export function expectQuickThroughout(report: HealthzReport, idle: HealthzReport, withinMs = 100) {
  expect(report.failures, "every /healthz answered 200").toEqual([]);
  expect(report.answered, "/healthz was asked while the work ran").toBeGreaterThan(3);
  const summary = `the slowest of ${report.answered} /healthz under the work, in ms (the idle console's slowest of ${idle.answered}: ${idle.slowestMs.toFixed(1)} ms)`;
  expect(report.slowestMs, summary).toBeLessThan(withinMs + 2 * idle.slowestMs);
}
