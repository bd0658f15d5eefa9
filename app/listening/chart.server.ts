// A listener chart as markup (issue 35, item 3; DESIGN.md §11 "Charts are markup"): the scales
// and paths come from d3-scale and d3-shape on the server — a step line of the highest count per
// period (curveStepAfter, the count holds until it changes), broken where nothing is known
// (`.defined()`), with the gaps shaded — and the axis labels and a data table are plain HTML in
// the user's language and the console's time zone. Nothing of d3 reaches the browser.
import { scaleLinear, scaleTime } from "d3-scale";
import { area, curveStepAfter, line } from "d3-shape";
import { dayMs, hourMs } from "~/domain/listening-series";
import { dateTimeFormat } from "~/utils/dates";

import type { ChartRow, ChartStep, ListenersChartView } from "./chart-view";

export type { ChartStep, ListenersChartView } from "./chart-view";

export const plotWidth = 1000;
export const plotHeight = 300;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the user's language (grouping, decimal sign), with at most that many decimals. */
export function numberText(value: number, locale: string, fractionDigits = 0) {
  const key = `${locale} ${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits, minimumFractionDigits: 0 });
    if (numberFormats.size < 32) numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Times as the chart's length calls for: the time of day, with the day when the range spans days. */
export function timeFormatter(locale: string, lengthMs: number, withSeconds = false): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions =
    lengthMs <= 20 * hourMs
      ? { hour: "2-digit", minute: "2-digit", ...(withSeconds ? { second: "2-digit" } : {}) }
      : lengthMs <= 62 * dayMs
        ? { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }
        : { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };
  return dateTimeFormat(locale, options);
}

function tickFormatter(locale: string, lengthMs: number): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions =
    lengthMs <= 36 * hourMs
      ? { hour: "2-digit", minute: "2-digit" }
      : lengthMs <= 14 * dayMs
        ? { weekday: "short", day: "numeric" }
        : { day: "numeric", month: "short" };
  return dateTimeFormat(locale, options);
}

/** The table's rows: every sample, or each period whose highest count differs from the one before. */
function rowsOf(
  steps: readonly ChartStep[],
  kind: ListenersChartView["kind"],
  format: (at: number) => string,
  locale: string,
): ChartRow[] {
  const rows: ChartRow[] = [];
  let previous: number | null | undefined;
  for (const step of steps) {
    if (kind === "periods" && step.listeners === previous) continue;
    previous = step.listeners;
    rows.push({
      at: step.at,
      timeText: format(step.at),
      listenersText: step.listeners === null ? null : numberText(step.listeners, locale),
    });
  }
  return rows;
}

export function buildListenersChart(options: {
  steps: readonly ChartStep[];
  from: number;
  to: number;
  kind: ListenersChartView["kind"];
  periodMs: number;
  locale: string;
  peakIsUpperBound?: boolean;
}): ListenersChartView {
  const { steps, from, to, kind, locale } = options;
  const highest = steps.reduce((most, step) => Math.max(most, step.listeners ?? 0), 0);
  const x = scaleTime()
    .domain([new Date(from), new Date(to)])
    .range([0, plotWidth]);
  const y = scaleLinear()
    .domain([0, Math.max(4, highest)])
    .nice(4)
    .range([plotHeight, 0]);

  // Each known stretch is a step line from its first start to its last end; an unknown step ends it.
  type Vertex = { at: number; listeners: number } | null;
  const vertices: Vertex[] = [];
  steps.forEach((step, index) => {
    if (step.listeners === null) return;
    vertices.push({ at: step.at, listeners: step.listeners });
    const next = steps[index + 1];
    if (!next || next.listeners === null) vertices.push({ at: step.end, listeners: step.listeners }, null);
  });
  const xOf = (vertex: Vertex) => x(new Date(vertex!.at));
  const yOf = (vertex: Vertex) => y(vertex!.listeners);
  const defined = (vertex: Vertex) => vertex !== null;
  const round = (path: string | null) =>
    (path ?? "").replace(/\d+\.\d+/g, (number) => String(Math.round(Number(number) * 10) / 10));
  const linePath = round(line<Vertex>().defined(defined).x(xOf).y(yOf).curve(curveStepAfter)(vertices));
  const areaPath = round(area<Vertex>().defined(defined).x(xOf).y0(plotHeight).y1(yOf).curve(curveStepAfter)(vertices));
  const gaps = steps
    .filter((step) => step.listeners === null)
    .map((step) => {
      const left = x(new Date(step.at));
      return {
        x: Math.round(left * 10) / 10,
        width: Math.max(1, Math.round((x(new Date(step.end)) - left) * 10) / 10),
      };
    });

  const lengthMs = to - from;
  const tickFormat = tickFormatter(locale, lengthMs);
  const xTicks = x.ticks(6).map((tick) => ({
    position: Math.round((x(tick) / plotWidth) * 1000) / 10,
    label: tickFormat.format(tick),
  }));
  const yTicks = y.ticks(4).map((tick) => ({
    position: Math.round(((plotHeight - y(tick)) / plotHeight) * 1000) / 10,
    label: numberText(tick, locale),
  }));

  const rowFormat = timeFormatter(locale, lengthMs, kind === "samples");
  let peak: ListenersChartView["peak"] = null;
  for (const step of steps) {
    if (step.listeners !== null && step.listeners > 0 && (peak === null || step.listeners > peak.listeners)) {
      peak = {
        listeners: step.listeners,
        at: step.at,
        atText: rowFormat.format(step.at),
        listenersText: numberText(step.listeners, locale),
      };
    }
  }
  return {
    kind,
    periodMs: options.periodMs,
    plot: { line: linePath, area: areaPath, gaps },
    xTicks,
    yTicks,
    rows: rowsOf(steps, kind, (at) => rowFormat.format(at), locale),
    peak,
    hasGaps: gaps.length > 0,
    peakIsUpperBound: options.peakIsUpperBound ?? false,
  };
}
