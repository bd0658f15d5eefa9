// Ends the Playwright run with one line: how many tests were skipped for a missing system
// program, and the `apt-get install` that brings them all (tests/support/system-programs.ts).
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { MissingProgramsTally } from "../../tests/support/system-programs";

export default class MissingProgramsReporter implements Reporter {
  private readonly tally = new MissingProgramsTally();

  onTestEnd(_test: TestCase, result: TestResult) {
    if (result.status !== "skipped") return;
    // The first skip reason only: a test skipped for a program is skipped for nothing else.
    this.tally.add(result.annotations.find((annotation) => annotation.type === "skip")?.description);
  }

  onEnd() {
    process.stdout.write(`${this.tally.summary()}\n`);
  }

  printsToStdio() {
    return false;
  }
}
