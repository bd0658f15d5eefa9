// A worker tells the primary when it serves: listening is not enough, since the console answers
// 503 "starting" until its runtime is set. The primary counts a worker that dies before this as
// one that could not start.
import cluster, { type Worker } from "node:cluster";

const readyType = "station-console:worker-ready";

/** In a worker, once it serves; nothing when the process serves alone. */
export function announceReady() {
  if (cluster.isWorker) process.send!({ type: readyType });
}

/** In the primary: `onReady` once the worker serves. */
export function whenReady(worker: Worker, onReady: () => void) {
  const listener = (message: unknown) => {
    if ((message as { type?: string } | null)?.type !== readyType) return;
    worker.off("message", listener);
    onReady();
  };
  worker.on("message", listener);
}
