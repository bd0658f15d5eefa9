import { describe, expect, it } from "vitest";
import { oncePerSubmission as oncePerSubmissionIn } from "~/utils/once-per-submission.server";
import { createSqliteStore } from "../../server/store/sqlite-store";

const submissions = createSqliteStore(":memory:", { secrets: ["s".repeat(32)] }).submissions;

function oncePerSubmission<T>(id: unknown, work: () => Promise<T>, succeeded: (outcome: T) => boolean) {
  return oncePerSubmissionIn(submissions, id, work, succeeded);
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("oncePerSubmission", () => {
  it("runs a submission once when it arrives twice, both getting the first outcome", async () => {
    let runs = 0;
    const gate = deferred();
    const work = async () => {
      runs += 1;
      await gate.promise;
      return `token-${runs}`;
    };
    const first = oncePerSubmission("form-1", work, () => true);
    const second = oncePerSubmission("form-1", work, () => true);
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual(["token-1", "token-1"]);
    expect(await oncePerSubmission("form-1", work, () => true)).toBe("token-1");
    expect(runs).toBe(1);
  });

  it("forgets a failed outcome so the corrected form runs, and runs without an id every time", async () => {
    let runs = 0;
    const work = async () => ++runs;
    expect(await oncePerSubmission("form-2", work, () => false)).toBe(1);
    expect(await oncePerSubmission("form-2", work, () => true)).toBe(2);
    expect(await oncePerSubmission("form-2", work, () => true)).toBe(2);
    expect(await oncePerSubmission(null, work, () => true)).toBe(3);
    expect(await oncePerSubmission(null, work, () => true)).toBe(4);
  });

  it("forgets a thrown error", async () => {
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new Error("Manager down");
    };
    await expect(oncePerSubmission("form-3", failing, () => true)).rejects.toThrow("Manager down");
    expect(
      await oncePerSubmission(
        "form-3",
        async () => "created",
        () => true,
      ),
    ).toBe("created");
    expect(runs).toBe(1);
  });
});
