// Ends every Playwright run with its ten slowest spec files: minutes, tests, and what the page
// checks cost there (document loads, html-validate and axe runs), then the run's totals with the
// time of one html-validate and one axe run (docs/decisions/067-one-walk-per-page-state.md).
import { relative } from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { costsAnnotation, type Costs } from "./costs";

interface FileFigures extends Costs {
  file: string;
  projects: Set<string>;
  tests: number;
  ms: number;
}

const emptyCosts = (): Costs => ({ pageLoads: 0, htmlValidateRuns: 0, htmlValidateMs: 0, axeRuns: 0, axeMs: 0 });

export default class SlowestFilesReporter implements Reporter {
  private readonly files = new Map<string, FileFigures>();
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = relative(process.cwd(), test.location.file);
    const figures = this.files.get(file) ?? { file, projects: new Set(), tests: 0, ms: 0, ...emptyCosts() };
    figures.projects.add(test.parent.project()?.name ?? "");
    figures.tests += 1;
    figures.ms += result.duration;
    for (const annotation of result.annotations ?? test.annotations) {
      if (annotation.type !== costsAnnotation || !annotation.description) continue;
      const costs = JSON.parse(annotation.description) as Costs;
      for (const key of Object.keys(costs) as (keyof Costs)[]) figures[key] += costs[key];
    }
    this.files.set(file, figures);
  }

  onEnd(result: FullResult) {
    const all = [...this.files.values()];
    if (all.length === 0) return;
    const minutes = (ms: number) => (ms / 60_000).toFixed(1);
    const rows = [...all].sort((a, b) => b.ms - a.ms).slice(0, 10);
    const lines = [
      "",
      `Slowest files (of ${all.length}; ${minutes(Date.now() - this.started)} min wall time, ${result.status}):`,
      "  min  tests  loads  html-validate  axe  file [projects]",
      ...rows.map(
        (row) =>
          `${minutes(row.ms).padStart(5)}  ${String(row.tests).padStart(5)}  ${String(row.pageLoads).padStart(5)}  ${String(row.htmlValidateRuns).padStart(13)}  ${String(row.axeRuns).padStart(3)}  ${row.file} [${[...row.projects].join(", ")}]`,
      ),
    ];
    const total = all.reduce(
      (sum, row) => {
        for (const key of Object.keys(sum) as (keyof Costs)[]) sum[key] += row[key];
        return sum;
      },
      { ...emptyCosts() },
    );
    const each = (ms: number, runs: number) => (runs === 0 ? "-" : `${Math.round(ms / runs)} ms each`);
    lines.push(
      `All files: ${all.reduce((sum, row) => sum + row.tests, 0)} tests, ${total.pageLoads} page loads, ` +
        `${total.htmlValidateRuns} html-validate runs (${each(total.htmlValidateMs, total.htmlValidateRuns)}), ` +
        `${total.axeRuns} axe runs (${each(total.axeMs, total.axeRuns)})`,
      "",
    );
    process.stdout.write(`${lines.join("\n")}\n`);
  }

  printsToStdio() {
    return false;
  }
}
