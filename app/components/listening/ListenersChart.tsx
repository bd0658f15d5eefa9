// A listener chart as the server drew it (app/listening/chart.server.ts): the step line and the
// gaps in an SVG that stretches to the page's width, the axis labels as text beside it, a caption
// that says the most at once, and the same numbers as a table — for screen readers and text
// browsers, and for anyone who wants the figures. No script: it is the same with JavaScript off.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import type { ListenersChartView } from "~/listening/chart-view";

export function ListenersChart({
  chart,
  title,
  tableOpen = false,
}: {
  chart: ListenersChartView;
  /** What it shows, e.g. "The whole venue, last day". */
  title: string;
  tableOpen?: boolean;
}) {
  const { t } = useTranslation("listening");
  const id = useId();
  const captionId = `${id}-caption`;
  const summary = chart.peak
    ? chart.peakIsUpperBound
      ? t("chart.summaryUpperBound", {
          count: chart.peak.listeners,
          listeners: chart.peak.listenersText,
          time: chart.peak.atText,
        })
      : t("chart.summaryPeak", {
          count: chart.peak.listeners,
          listeners: chart.peak.listenersText,
          time: chart.peak.atText,
        })
    : t("chart.summaryNone");
  const hatchId = `${id}-gap`;
  return (
    <div className="listeners-chart">
      <figure className="listeners-chart-figure" aria-labelledby={captionId}>
        <figcaption id={captionId} className="listeners-chart-caption">
          <span className="listeners-chart-title">{title}</span> <span>{summary}</span>
          {chart.hasGaps ? <span> {t("chart.hasGaps")}</span> : null}
        </figcaption>
        <div className="listeners-chart-frame">
          <div className="listeners-chart-y" aria-hidden="true">
            {chart.yTicks.map((tick) => (
              <span key={tick.label} style={{ bottom: `${tick.position}%` }}>
                {tick.label}
              </span>
            ))}
          </div>
          <div className="listeners-chart-plot">
            <svg viewBox="0 0 1000 300" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <defs>
                <pattern id={hatchId} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                  <rect width="8" height="8" className="listeners-chart-gap-fill" />
                  <line x1="0" y1="0" x2="0" y2="8" className="listeners-chart-gap-line" />
                </pattern>
              </defs>
              {chart.yTicks.map((tick) => (
                <line
                  key={tick.label}
                  x1="0"
                  x2="1000"
                  y1={300 - tick.position * 3}
                  y2={300 - tick.position * 3}
                  className="listeners-chart-grid"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {chart.plot.gaps.map((gap) => (
                <rect key={gap.x} x={gap.x} y="0" width={gap.width} height="300" fill={`url(#${hatchId})`} />
              ))}
              <path d={chart.plot.area} className="listeners-chart-area" />
              <path d={chart.plot.line} className="listeners-chart-line" vectorEffect="non-scaling-stroke" />
            </svg>
            <div className="listeners-chart-x" aria-hidden="true">
              {chart.xTicks.map((tick) => (
                <span
                  key={`${tick.position}-${tick.label}`}
                  // Shifted by its own share of the width: the first and last labels stay inside.
                  style={{ left: `${tick.position}%`, transform: `translateX(-${tick.position}%)` }}
                >
                  {tick.label}
                </span>
              ))}
            </div>
          </div>
        </div>
        <ul className="listeners-chart-legend" aria-hidden="true">
          <li data-key="line">{chart.kind === "samples" ? t("chart.legendSamples") : t("chart.legendPeriods")}</li>
          {chart.hasGaps ? <li data-key="gap">{t("chart.legendGap")}</li> : null}
        </ul>
      </figure>
      <details className="listeners-chart-table" open={tableOpen || undefined}>
        <summary>{t("chart.showTable", { count: chart.rows.length })}</summary>
        <Text size="sm" dimmed mb="xs">
          {chart.kind === "samples"
            ? t("chart.tableSamples")
            : t("chart.tablePeriods", { period: periodName(t, chart.periodMs) })}
        </Text>
        <TableScroll minWidth={280}>
          <Table verticalSpacing="xs" aria-label={t("chart.tableLabel", { title })}>
            <thead>
              <tr>
                <th scope="col">{t("chart.from")}</th>
                <th scope="col">{chart.kind === "samples" ? t("chart.listeners") : t("chart.mostAtOnce")}</th>
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr key={row.at}>
                  <td>
                    <time dateTime={new Date(row.at).toISOString()}>{row.timeText}</time>
                  </td>
                  <td>{row.listenersText ?? t("chart.noData")}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      </details>
    </div>
  );
}

function periodName(t: (key: string, values?: Record<string, unknown>) => string, periodMs: number) {
  const minutes = periodMs / 60_000;
  if (minutes < 60) return t("chart.minutes", { count: minutes });
  if (minutes < 24 * 60) return t("chart.hours", { count: minutes / 60 });
  return t("chart.days", { count: minutes / (24 * 60) });
}
