// Valid markup on every page the suite visits: each HTML document a test receives is checked
// with html-validate (.htmlvalidate.json: the standard and accessibility rules; Mantine's own
// <style> tags in the body are allowed). The checks run in a thread of the test process
// (./markup-worker.mjs) as the documents arrive, off the test's critical path; the fixtures await
// them when the test ends (docs/decisions/067-one-walk-per-page-state.md).
import { Worker } from "node:worker_threads";
import { processCosts } from "./costs";

interface Answer {
  id: number;
  problems?: string[];
  error?: string;
  ms: number;
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (problems: string[]) => void; reject: (error: Error) => void }>();

function validatorThread() {
  if (worker) return worker;
  const thread = new Worker(new URL("./markup-worker.mjs", import.meta.url));
  thread.on("message", ({ id, problems, error, ms }: Answer) => {
    processCosts.htmlValidateRuns += 1;
    processCosts.htmlValidateMs += ms;
    const pending = waiting.get(id)!;
    waiting.delete(id);
    if (waiting.size === 0) thread.unref();
    if (error !== undefined) pending.reject(new Error(`html-validate failed: ${error}`));
    else pending.resolve(problems!);
  });
  thread.on("error", (error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    worker = null;
  });
  thread.unref();
  worker = thread;
  return thread;
}

/** Each problem as "<url> <rule>: <message> at <selector>". */
export function markupProblems(url: string, html: string): Promise<string[]> {
  const thread = validatorThread();
  const id = nextId++;
  thread.ref();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.postMessage({ id, url, html });
  });
}
