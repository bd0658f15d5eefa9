// A form whose action is not harmless twice (creating an API token) carries a submission id the
// page rendered. Without JavaScript a double click sends the form twice, the second request
// while the first is still running: the first does the work, a repeat with the same id waits
// for it and gets its outcome instead of acting again. Failures are forgotten, so a corrected
// resubmission of the same form runs. One console process keeps the ids (DESIGN.md: one
// process); ten minutes cover any double click.
import { randomUUID } from "node:crypto";

const keepMs = 10 * 60 * 1000;
const outcomes = new Map<string, { outcome: Promise<unknown>; until: number }>();

export function newSubmissionId() {
  return randomUUID();
}

function forgetExpired(now: number) {
  for (const [id, entry] of outcomes) if (entry.until <= now) outcomes.delete(id);
}

/**
 * Runs `work` once per submission id; `succeeded` tells which outcomes to keep for repeats.
 * Without an id (an old page, a hand-made request) the work simply runs.
 */
export async function oncePerSubmission<T>(
  submissionId: unknown,
  work: () => Promise<T>,
  succeeded: (outcome: T) => boolean,
): Promise<T> {
  if (typeof submissionId !== "string" || submissionId === "") return work();
  const now = Date.now();
  forgetExpired(now);
  const earlier = outcomes.get(submissionId);
  if (earlier) return earlier.outcome as Promise<T>;
  const outcome = work();
  outcomes.set(submissionId, { outcome, until: now + keepMs });
  try {
    const settled = await outcome;
    if (!succeeded(settled)) outcomes.delete(submissionId);
    return settled;
  } catch (error) {
    outcomes.delete(submissionId);
    throw error;
  }
}
