// What the page checks cost, counted in each test process: document loads (by the fixtures),
// html-validate runs and axe runs with their time. The fixtures put a test's share on the test as
// an annotation; the slowest-files reporter sums them per file (docs/decisions/067-one-walk-per-page-state.md).
import AxeBuilder from "@axe-core/playwright";

export interface Costs {
  pageLoads: number;
  htmlValidateRuns: number;
  htmlValidateMs: number;
  axeRuns: number;
  axeMs: number;
}

export const costsAnnotation = "costs";

export const processCosts: Costs = { pageLoads: 0, htmlValidateRuns: 0, htmlValidateMs: 0, axeRuns: 0, axeMs: 0 };

/** What was spent between two readings. */
export function costsSince(start: Costs): Costs {
  return {
    pageLoads: processCosts.pageLoads - start.pageLoads,
    htmlValidateRuns: processCosts.htmlValidateRuns - start.htmlValidateRuns,
    htmlValidateMs: processCosts.htmlValidateMs - start.htmlValidateMs,
    axeRuns: processCosts.axeRuns - start.axeRuns,
    axeMs: processCosts.axeMs - start.axeMs,
  };
}

// Every spec that runs axe builds an AxeBuilder; counting in its analyze() counts them all.
const analyze = AxeBuilder.prototype.analyze;
AxeBuilder.prototype.analyze = async function (this: AxeBuilder) {
  const started = performance.now();
  try {
    return await analyze.call(this);
  } finally {
    processCosts.axeRuns += 1;
    processCosts.axeMs += performance.now() - started;
  }
};
