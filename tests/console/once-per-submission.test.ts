import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordingWrite } from "~/audit/write-record.server";
import { parseConfig } from "~/config.server";
import type { NewAuditRecord } from "~/records/audit-log";
import type { DurableRecord } from "~/records/durable-writes";
import { setRuntime } from "~/runtime.server";
import { oncePerSubmission as oncePerSubmissionIn } from "~/utils/once-per-submission.server";
import { createSqliteStore } from "../../server/store/sqlite-store";
import { withStore } from "../support/runtime";

const submissions = createSqliteStore(":memory:", { secrets: ["s".repeat(32)] }).submissions;

function oncePerSubmission<T>(
  id: unknown,
  work: () => Promise<T>,
  succeeded: (outcome: T) => boolean,
  form = "token.create",
) {
  return oncePerSubmissionIn(submissions, { form, id }, work, succeeded);
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

  it("keeps each form's ids apart: one form's id sent to another is a submission of its own there", async () => {
    const bulk = await oncePerSubmission(
      "shared-id",
      async () => ({ kind: "done" }),
      () => true,
      "bulk.reject",
    );
    const started = await oncePerSubmission(
      "shared-id",
      async () => ({ kind: "started", id: "7" }),
      () => true,
      "rollout.start",
    );
    expect([bulk, started]).toEqual([{ kind: "done" }, { kind: "started", id: "7" }]);
  });

  it("takes an id longer than any the console makes as none: the work runs each time", async () => {
    let runs = 0;
    const long = "x".repeat(65);
    await oncePerSubmission(
      long,
      async () => ++runs,
      () => true,
    );
    await oncePerSubmission(
      long,
      async () => ++runs,
      () => true,
    );
    expect(runs).toBe(2);
  });

  it("records nothing for a repeat, in the process or from the store: the first's record is the write", async () => {
    const recorded: NewAuditRecord[] = [];
    setRuntime(
      withStore({
        config: parseConfig({ DATA_DIRECTORY: mkdtempSync(join(tmpdir(), "once-per-submission-")) }),
        managerUrl: "http://manager.test",
        sessionSecrets: ["o".repeat(32)],
        embeddedIdentity: null,
        durableWrites: {
          write: async (written: DurableRecord) => void recorded.push(written.record),
        } as never,
      }),
    );
    const gate = deferred();
    const attempt = () =>
      recordingWrite({ user: null, action: "token.create", target: { kind: "token" } }, () =>
        oncePerSubmission(
          "form-repeat",
          async () => {
            await gate.promise;
            return "created";
          },
          () => true,
        ),
      );
    // Two at once in this process, and one after the first settled (read from the store).
    const both = Promise.all([attempt(), attempt()]);
    gate.resolve();
    expect(await both).toEqual(["created", "created"]);
    expect(await attempt()).toBe("created");
    expect(recorded.map((record) => [record.action, record.outcome.kind])).toEqual([["token.create", "done"]]);
  });
});
