// Watches a console's GET /healthz while a test makes it work: one request after another from a
// thread of its own (the test's own event loop, busy reading large answers, must not count as
// the console's slowness), keeping the slowest answer and every failure. "The process survives
// and /healthz answers within 100 ms throughout" is then `stop()`'s report.
import { Worker } from "node:worker_threads";

export interface HealthzReport {
  /** Requests answered. */
  answered: number;
  /** The slowest answer, in ms. */
  slowestMs: number;
  /** Requests that failed (refused, reset, not 200), each with when and why. */
  failures: string[];
}

export interface HealthzWatch {
  stop(): Promise<HealthzReport>;
}

// Plain JavaScript: the worker runs it as it is, without the test's TypeScript loader.
const watcher = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, sampleEveryMs } = workerData;
const report = { answered: 0, slowestMs: 0, failures: [] };
let stopping = false;
parentPort.on("message", () => { stopping = true; });
(async () => {
  while (!stopping) {
    const started = performance.now();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10000) });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      report.answered += 1;
      report.slowestMs = Math.max(report.slowestMs, elapsed);
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
export function watchHealthz(consoleUrl: string, sampleEveryMs = 10): HealthzWatch {
  const worker = new Worker(watcher, { eval: true, workerData: { url: `${consoleUrl}/healthz`, sampleEveryMs } });
  const report = new Promise<HealthzReport>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const result = await report;
      await worker.terminate();
      return result;
    },
  };
}
