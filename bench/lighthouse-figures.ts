// What one Lighthouse run measured, or why it measured nothing, and the medians of a route's
// runs. A run Lighthouse could not measure (a runtime error such as NO_NAVSTART or NO_FCP, a
// document that answered 5xx, a metric it could not compute) has no figures: it is reported with
// Lighthouse's own reason, never as a score of 0 (bench/notes/lighthouse.md).
import type { Result } from "lighthouse";

export interface LighthouseFigures {
  route: string;
  /** Medians of the runs that measured; null when none did. */
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /** Cumulative layout shift (unitless; Lighthouse's "good" is ≤ 0.1, the console's budget 0.01). */
  cls: number | null;
  /** How many runs measured: the medians are theirs. */
  runs: number;
  /** Why each other run gave no figures, in Lighthouse's words ("CODE: message"). */
  failures: string[];
}

export type LighthouseSample = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number };

const metrics = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
} as const;

/** Milliseconds are whole; a layout shift keeps three decimals (0.096). */
const rounded = (key: keyof typeof metrics, value: number) =>
  key === "cls" ? Math.round(value * 1000) / 1000 : Math.round(value);

/** The run's figures, or the first reason Lighthouse gives for having none. */
export function figuresOf(
  lhr: Pick<Result, "runtimeError" | "categories" | "audits">,
): LighthouseSample | { failure: string } {
  if (lhr.runtimeError) return { failure: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  const values: Partial<LighthouseSample> = {};
  for (const [key, id] of Object.entries(metrics) as Array<[keyof typeof metrics, string]>) {
    const audit = lhr.audits[id];
    const value = audit?.numericValue;
    if (typeof value !== "number" || !Number.isFinite(value))
      return { failure: `${id}: ${audit?.errorMessage ?? "no value"}` };
    values[key] = rounded(key, value);
  }
  const score = lhr.categories.performance?.score;
  if (typeof score !== "number") return { failure: "performance: no score" };
  return {
    score: Math.round(score * 100),
    fcpMs: values.fcpMs!,
    lcpMs: values.lcpMs!,
    tbtMs: values.tbtMs!,
    cls: values.cls!,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)]!;
}

export function routeFigures(route: string, samples: LighthouseSample[], failures: string[]): LighthouseFigures {
  return {
    route,
    score: median(samples.map((sample) => sample.score)),
    fcpMs: median(samples.map((sample) => sample.fcpMs)),
    lcpMs: median(samples.map((sample) => sample.lcpMs)),
    tbtMs: median(samples.map((sample) => sample.tbtMs)),
    cls: median(samples.map((sample) => sample.cls)),
    runs: samples.length,
    failures,
  };
}

/** A request Lantern may count as render-blocking for its simulated first contentful paint. */
export interface BlockingRequest {
  url: string;
  resourceType: string;
  priority: string;
  /** When it finished in the load Lighthouse observed (unthrottled), ms after the first request. */
  endMs: number;
}

export interface FirstPaintRace {
  /** The observed (unthrottled) first contentful paint, ms after the first request. */
  observedFcpMs: number;
  blocking: BlockingRequest[];
}

type NetworkItem = { url: string; resourceType?: string; priority?: string; networkEndTime?: number };

/**
 * The requests Lantern puts in its first-paint graph besides the document: every request of
 * VeryHigh priority, or a script of High priority, that finished before the *observed* first
 * contentful paint (Lighthouse's `hasRenderBlockingPriority`; module scripts are never matched to a
 * script evaluation, so none is left out as evaluated after the paint). What finished before the
 * unthrottled paint is simulated on slow 4G before the simulated one (the chunk race of
 * bench/notes/lighthouse.md).
 */
export function firstPaintRace(lhr: Pick<Result, "audits">): FirstPaintRace | null {
  const network = lhr.audits["network-requests"]?.details as
    { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = (lhr.audits["metrics"]?.details as { items?: Array<Record<string, number | undefined>> } | undefined)
    ?.items?.[0];
  const start = network?.debugData?.networkStartTimeTs;
  const paint = metrics?.observedFirstContentfulPaintTs;
  if (!network?.items || start === undefined || paint === undefined) return null;
  const observedFcpMs = (paint - start) / 1000;
  const blocking = network.items
    .filter((item, index) => index > 0 && item.networkEndTime !== undefined && item.networkEndTime <= observedFcpMs)
    .filter(
      (item) =>
        item.priority === "VeryHigh" ||
        (item.priority === "High" && (item.resourceType === "Script" || item.resourceType === "Document")),
    )
    .map((item) => ({
      url: item.url,
      resourceType: item.resourceType ?? "",
      priority: item.priority ?? "",
      endMs: Math.round(item.networkEndTime!),
    }));
  return { observedFcpMs: Math.round(observedFcpMs), blocking };
}
