// Reads a backup file in a worker thread (issue 33, item 1): JSON.parse of 4 MB held the event
// loop for 40–150 ms on this machine and checking 10,000 stations 300 ms more, and the parsed
// file of a hostile upload may need more heap than the console has. In a worker the parse runs
// beside the event loop, on a heap of its own with its own limit: a file that needs more is
// stopped there ("too complex to read") and the console carries on. At most two read at once in a
// process; what comes back is bounded by the venue (read-backup.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { oneOf } from "~/utils/bounded-concurrency";
import type { DocumentRefusal, ReadBackup, ReadRequest } from "./read-backup";

/** A worker's heap: a 12 MB file of 10,000 stations parses in well under it. */
const workerLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/** Longer than any backup takes to read on a busy machine; a reader still going is stopped. */
const readTimeoutMs = 60_000;
/** At most two files read at once in a process: each worker may take its heap's limit. */
const withReadSlot = oneOf(2);

/**
 * The compiled worker beside the server build (scripts/build-server.mjs); in development and tests,
 * where no compiled one is kept up to date, its source through tsx.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const built = new URL("./backup-reader.js", import.meta.url);
  if (process.env.NODE_ENV === "production" && existsSync(built)) return { url: built, execArgv: [] };
  return {
    url: pathToFileURL(join(process.cwd(), "app", "venue-backup", "backup-reader.worker.ts")),
    execArgv: ["--import", "tsx"],
  };
}

type ReadResult = ReadBackup | DocumentRefusal;

/**
 * The file read in a worker; the bytes move there and back (no copy), and come back with the result.
 * The worker starts and parses at once; the request may follow (a promise), and a request that
 * fails stops the worker and is the read's failure.
 */
function readInWorker(
  bytes: Uint8Array,
  request: ReadRequest | Promise<ReadRequest>,
): Promise<{ result: ReadResult; bytes: Uint8Array }> {
  // Only a buffer of their own can move; a view into a larger one is copied first.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const { url, execArgv } = workerEntry();
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: { bytes: own },
      transferList: [own.buffer as ArrayBuffer],
      resourceLimits: workerLimits,
      execArgv,
      stdout: false,
      stderr: false,
    });
    let answered = false;
    const answer = (result: ReadResult, back: Uint8Array | null) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve({ result, bytes: back ?? new Uint8Array(0) });
      void worker.terminate();
    };
    const tooComplex = () => answer({ ok: false, problem: "tooComplex" }, null);
    const timer = setTimeout(tooComplex, readTimeoutMs);
    Promise.resolve(request).then(
      (wanted) => {
        if (!answered) worker.postMessage(wanted);
      },
      (error: unknown) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        reject(error);
        void worker.terminate();
      },
    );
    worker.once("message", (message: { result: ReadResult; bytes: Uint8Array }) =>
      answer(message.result, message.bytes),
    );
    worker.once("error", (error: Error & { code?: string }) => {
      // Out of its heap: the file, not the console, is the problem.
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") return tooComplex();
      clearTimeout(timer);
      if (!answered) reject(error);
      answered = true;
    });
    worker.once("exit", () => tooComplex());
  });
}

/**
 * The file read and checked, off the event loop. The bytes move to the worker (the caller must
 * not use them after); the ones that come back are the same bytes, for a caller that keeps the
 * file (none when the worker was stopped).
 */
export function readBackupDocument(bytes: Uint8Array, request: ReadRequest | Promise<ReadRequest>) {
  // Handled from now on: a request that fails while the read waits for its slot would otherwise be
  // a rejection nobody handles (which ends the process) before the read starts and sees it.
  const requested = Promise.resolve(request);
  requested.catch(() => {});
  return withReadSlot(() => readInWorker(bytes, requested));
}
