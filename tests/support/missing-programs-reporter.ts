// Ends the vitest run with one line: how many tests were skipped for a missing system program,
// and the `apt-get install` that brings them all (./system-programs.ts). A skipped `describe`
// carries the skip message in its name (vitest keeps no reason for it), `ctx.skip(message)` in
// the test's note.
import type { Reporter, TestModule } from "vitest/node";
import { MissingProgramsTally } from "./system-programs";

export class MissingProgramsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const tally = new MissingProgramsTally();
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests("skipped")) {
        const result = testCase.result();
        const note = result.state === "skipped" ? result.note : undefined;
        tally.add(`${note ?? ""}\n${testCase.fullName}`);
      }
    }
    process.stdout.write(`${tally.summary()}\n`);
  }
}
