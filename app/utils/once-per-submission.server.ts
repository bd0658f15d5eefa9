// A form whose action is not harmless twice (creating an API token) carries a submission id the
// page rendered. Without JavaScript a double click sends the form twice, the second request
// while the first is still running — perhaps on another instance of the console: the first
// claims the id in the shared store and does the work, a repeat with the same id waits for it
// and gets its outcome instead of acting again. Failures are claimed over, so a corrected
// resubmission of the same form runs. Ten minutes cover any double click. An id belongs to its
// form (issue 33): the same id sent to another form is another submission there, never the first
// form's outcome. A repeat is not a write of its own: the audit log keeps the first one's record.
import { randomUUID } from "node:crypto";
import { notAWrite } from "~/audit/write-record.server";
import type { SubmissionStore } from "~/store/shared-store.server";

const keepMs = 10 * 60 * 1000;
/** A failure is kept only for the repeats waiting on it. */
const keepFailureMs = 60 * 1000;
/** Longer than any create takes; an instance that died frees the id after it. */
const leaseMs = 2 * 60 * 1000;
const pollMs = 50;

/** Repeats inside this process (through one store client) share the first's promise. */
const runningBy = new WeakMap<SubmissionStore, Map<string, Promise<unknown>>>();

export function newSubmissionId() {
  return randomUUID();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which form a submission id was rendered for, e.g. `rollout.start`, `bulk.reboot`. */
export interface SubmissionKey {
  form: string;
  id: unknown;
}

/** The longest id kept: the console's are UUIDs; a longer one is no id (the work simply runs). */
const longestId = 64;

/** The store's key of a submission, or null when it carries no usable id. */
function storeKeyOf({ form, id }: SubmissionKey): string | null {
  return typeof id === "string" && id !== "" && id.length <= longestId ? `${form}:${id}` : null;
}

/** The settled outcome of a form's submission, or null when there is none (or it expired). */
export async function readSubmission(submissions: SubmissionStore, key: SubmissionKey) {
  const storeKey = storeKeyOf(key);
  return storeKey === null ? null : submissions.read(storeKey);
}

/** A repeat answers with the first one's outcome: it did nothing itself, so it is not recorded. */

/** The outcome another instance settled, or null when its claim ended without one. */
async function outcomeOf(submissions: SubmissionStore, id: string) {
  for (;;) {
    const entry = await submissions.read(id);
    if (entry === null) return null;
    if (entry.state !== "pending") return entry;
    await pause(pollMs);
  }
}

async function runOnce<T>(
  submissions: SubmissionStore,
  id: string,
  work: () => Promise<T>,
  succeeded: (outcome: T) => boolean,
): Promise<T> {
  const owner = randomUUID();
  for (;;) {
    const earlier = await submissions.claim(id, owner, leaseMs);
    if (earlier === null) break;
    const settled = earlier.state === "pending" ? await outcomeOf(submissions, id) : earlier;
    if (settled) {
      // A replay did nothing of its own: the first one's record says what was done.
      notAWrite();
      return settled.outcome as T;
    }
    // The first threw (or its instance died): this one runs it.
  }
  let outcome: T;
  try {
    outcome = await work();
  } catch (error) {
    await submissions.release(id, owner);
    throw error;
  }
  const ok = succeeded(outcome);
  await submissions.settle(id, owner, { state: ok ? "succeeded" : "failed", outcome }, ok ? keepMs : keepFailureMs);
  return outcome;
}

/**
 * Runs `work` once per submission of a form; `succeeded` tells which outcomes to keep for
 * repeats. Outcomes are kept as JSON in the shared store, in the clear: they must hold no secret.
 * Without an id (an old page, a hand-made request) the work simply runs.
 */
export async function oncePerSubmission<T>(
  submissions: SubmissionStore,
  key: SubmissionKey,
  work: () => Promise<T>,
  succeeded: (outcome: T) => boolean,
): Promise<T> {
  const storeKey = storeKeyOf(key);
  if (storeKey === null) return work();
  let running = runningBy.get(submissions);
  if (!running) runningBy.set(submissions, (running = new Map()));
  const earlier = running.get(storeKey);
  if (earlier) {
    notAWrite();
    return earlier as Promise<T>;
  }
  const outcome = runOnce(submissions, storeKey, work, succeeded).finally(() => running.delete(storeKey));
  running.set(storeKey, outcome);
  return outcome;
}
