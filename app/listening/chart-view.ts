// The listener chart as the page receives it: what chart.server.ts draws with d3 on the server,
// as plain data for the component (app/components/listening/ListenersChart.tsx).

/** A count that holds from `at` to `end`; null while nothing is known. */
export interface ChartStep {
  at: number;
  end: number;
  listeners: number | null;
}

export interface ChartTick {
  /** Per cent of the width (x) or of the height from the bottom (y). */
  position: number;
  label: string;
}

export interface ChartRow {
  at: number;
  timeText: string;
  /** Null: no data. */
  listenersText: string | null;
}

export interface ListenersChartView {
  /** Every sample as it is, or the highest count of each period. */
  kind: "samples" | "periods";
  periodMs: number;
  /** viewBox 0 0 1000 300, stretched to the width (strokes keep their width). */
  plot: { line: string; area: string; gaps: { x: number; width: number }[] };
  xTicks: ChartTick[];
  yTicks: ChartTick[];
  rows: ChartRow[];
  peak: { listeners: number; at: number; atText: string; listenersText: string } | null;
  /** Some of the range was not known. */
  hasGaps: boolean;
  /** Several entities' highest counts of each period added up: the real peak is at most this. */
  peakIsUpperBound: boolean;
}
