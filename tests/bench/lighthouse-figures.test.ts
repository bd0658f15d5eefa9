// The bench's Lighthouse figures: a run Lighthouse could not measure is a failure with its
// reason, never a score of 0, and the table and the targets say so.
import { describe, expect, it } from "vitest";
import { figuresOf, routeFigures, type LighthouseSample } from "../../bench/lighthouse-figures";
import { renderTable, targetsMet, type BenchResults } from "../../bench/report";

type Lhr = Parameters<typeof figuresOf>[0];

function lhr(
  score: number | null,
  values: { fcp?: number; lcp?: number; tbt?: number; cls?: number },
  extra: Partial<Lhr> = {},
) {
  const audit = (value: number | undefined) =>
    value === undefined
      ? { errorMessage: "Required TraceEngineResult gatherer did not run." }
      : { numericValue: value };
  return {
    categories: { performance: { score } },
    audits: {
      "first-contentful-paint": audit(values.fcp),
      "largest-contentful-paint": audit(values.lcp),
      "total-blocking-time": audit(values.tbt),
      "cumulative-layout-shift": audit(values.cls),
    },
    ...extra,
  } as unknown as Lhr;
}

function results(lighthouse: BenchResults["lighthouse"]): BenchResults {
  return {
    ranAt: "2026-11-24T00:00:00.000Z",
    machine: "test",
    consoleCommand: "node build/server.js",
    fleets: [],
    lighthouse,
    lighthouseRuns: 3,
    lighthouseStations: 1000,
    javaScript: [],
    css: { raw: 0, gzip: 0, brotli: 0 },
  };
}

const measured = (score: number, tbtMs: number, cls = 0): LighthouseSample => ({
  score,
  fcpMs: 1200,
  lcpMs: 1300,
  tbtMs,
  cls,
});

describe("figuresOf", () => {
  it("takes the score and the four metrics of a run that measured, the layout shift to three decimals", () => {
    expect(figuresOf(lhr(0.96, { fcp: 1211.7, lcp: 1366.1, tbt: 126.4, cls: 0.09612 }))).toEqual({
      score: 96,
      fcpMs: 1212,
      lcpMs: 1366,
      tbtMs: 126,
      cls: 0.096,
    });
  });

  it("gives Lighthouse's runtime error instead of figures", () => {
    const failed = lhr(null, {}, {
      runtimeError: { code: "NO_NAVSTART", message: "Something went wrong with recording the trace." },
    } as Partial<Lhr>);
    expect(figuresOf(failed)).toEqual({ failure: "NO_NAVSTART: Something went wrong with recording the trace." });
  });

  it("gives the failing metric's error when a metric has no value", () => {
    expect(figuresOf(lhr(null, { fcp: 1200, lcp: 1300, cls: 0 }))).toEqual({
      failure: "total-blocking-time: Required TraceEngineResult gatherer did not run.",
    });
  });
});

describe("a route's figures", () => {
  it("are the medians of the runs that measured", () => {
    const page = routeFigures("/appView", [measured(70, 900), measured(80, 300), measured(75, 600)], ["NO_FCP: x"]);
    expect(page).toMatchObject({ score: 75, tbtMs: 600, runs: 3, failures: ["NO_FCP: x"] });
  });

  it("are none when no run measured", () => {
    expect(routeFigures("/dashboard", [], ["NO_NAVSTART: x"])).toMatchObject({ score: null, tbtMs: null, runs: 0 });
  });
});

describe("the bench's table", () => {
  const failed = routeFigures("/dashboard", [], ["NO_NAVSTART: again", "NO_NAVSTART: again"]);
  const fine = routeFigures("/stations", [measured(98, 120)], []);

  it("shows a route without figures as such, with Lighthouse's reasons, not as 0", () => {
    const table = renderTable(results([failed, fine]));
    expect(table).toContain("| `/dashboard` | **no figures** | – | – | – | – | NO_NAVSTART, NO_NAVSTART |");
    expect(table).toContain("| `/stations` | 98 | 1200 ms | 1300 ms | 120 ms | 0 | — |");
    expect(table).not.toMatch(/\| `\/dashboard` \| 0 \|/);
  });

  it("does not count the Lighthouse targets as met while a route has no figures", () => {
    const lighthouseTargets = targetsMet(results([failed, fine])).filter((target) => /Lighthouse/.test(target.target));
    expect(lighthouseTargets).toHaveLength(3);
    for (const target of lighthouseTargets) {
      expect(target.met).toBe(false);
      expect(target.measured).toContain("1 route(s) without figures");
    }
  });

  it("counts them as met when every route measured within them", () => {
    const lighthouseTargets = targetsMet(results([fine])).filter((target) => /Lighthouse/.test(target.target));
    expect(lighthouseTargets.map((target) => target.met)).toEqual([true, true, true]);
  });

  it("shows each route's layout shift and holds it to 0.01", () => {
    const shifting = routeFigures("/stations", [measured(98, 120, 0.096)], []);
    expect(renderTable(results([shifting]))).toContain("| `/stations` | 98 | 1200 ms | 1300 ms | 120 ms | 0.096 | — |");
    const cls = targetsMet(results([fine, shifting])).find((target) => /CLS/.test(target.target))!;
    expect(cls).toMatchObject({ measured: "0.096 (highest)", met: false });
  });
});
