// Writes the ledger of page checks (./ledger.ts) when PAGE_LEDGER names a file: the set of lines
// the run's tests recorded, sorted, each once. `npm run ledger` runs the page walk with it and
// writes e2e/page-checks.ledger (docs/decisions/067-one-walk-per-page-state.md).
import { writeFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { ledgerAnnotation } from "./ledger";

export const ledgerHeader = [
  "# Every (page state, check) pair the page walk makes, one a line, each once:",
  "# <role> <render> <language> <scheme> <path> — <check>",
  "# render: js is the page hydrated; nojs the page as the server sent it, no script of it run.",
  "# Written by npm run ledger from the walk's table (e2e/support/page-walk/table.ts), or by a run with",
  "# PAGE_LEDGER=<file>; the walk's first test fails while this file and the table differ.",
  "# docs/decisions/067-one-walk-per-page-state.md",
];

export function ledgerText(lines: Iterable<string>) {
  return `${[...ledgerHeader, ...[...new Set(lines)].sort()].join("\n")}\n`;
}

export default class LedgerReporter implements Reporter {
  private readonly lines = new Set<string>();

  onTestEnd(test: TestCase, result: TestResult) {
    for (const annotation of [...test.annotations, ...(result.annotations ?? [])])
      if (annotation.type === ledgerAnnotation && annotation.description) this.lines.add(annotation.description);
  }

  onEnd() {
    const file = process.env.PAGE_LEDGER;
    if (!file) return;
    writeFileSync(file, ledgerText(this.lines));
    process.stdout.write(`Ledger of page checks: ${this.lines.size} lines in ${file}\n`);
  }

  printsToStdio() {
    return false;
  }
}
