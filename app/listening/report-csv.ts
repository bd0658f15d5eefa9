// An event's report as CSV (issue 35, item 2): one line for the event, one per channel and per
// station that had listeners, one per station that dropped out. The columns are stable names for
// tools, not translated texts (like the audit log's, docs/decisions/059-audit-log-screen.md);
// times are ISO 8601 in UTC, numbers with a decimal point; every cell is formula-safe on the way
// out (app/domain/csv.ts).
import type { EventReport, ReportRow } from "~/domain/listening-report";
import type { ListeningEvent } from "~/records/listening";

export const reportCsvColumns = [
  "section",
  "title",
  "from",
  "to",
  "serialNumber",
  "stationName",
  "channelIndex",
  "channelName",
  "peak",
  "peakAt",
  "listenerMinutes",
  "sessions",
  "averageSessionMinutes",
  "sessionLengths",
  "knownShare",
  "droppedAt",
  "backAt",
  "listenersAtDrop",
] as const;

type Column = (typeof reportCsvColumns)[number];

function line(cells: Partial<Record<Column, string>>): string[] {
  return reportCsvColumns.map((column) => cells[column] ?? "");
}

const iso = (at: number) => new Date(at).toISOString();
const decimal = (value: number) => String(Math.round(value * 10) / 10);

/** The sampling sees how many listen, not who: session lengths are estimated from it. */
const sessionLengths = "estimated";

function rowCells(section: "channel" | "station", row: ReportRow): string[] {
  return line({
    section,
    serialNumber: row.serialNumber,
    stationName: row.stationName,
    channelIndex: row.channelIndex === 0 ? "" : String(row.channelIndex),
    channelName: row.channelName ?? "",
    peak: String(row.peak),
    listenerMinutes: decimal(row.listenerMinutes),
    sessions: String(row.sessions),
    averageSessionMinutes: row.averageSessionMinutes === null ? "" : decimal(row.averageSessionMinutes),
    sessionLengths,
  });
}

export function reportCsvRows(
  event: Pick<ListeningEvent, "title">,
  range: { from: number; to: number },
  report: EventReport,
): string[][] {
  return [
    [...reportCsvColumns],
    line({
      section: "event",
      title: event.title,
      from: iso(range.from),
      to: iso(range.to),
      peak: report.peak ? String(report.peak.listeners) : "0",
      peakAt: report.peak ? iso(report.peak.at) : "",
      listenerMinutes: decimal(report.listenerMinutes),
      sessions: String(report.sessions),
      averageSessionMinutes: report.averageSessionMinutes === null ? "" : decimal(report.averageSessionMinutes),
      sessionLengths,
      knownShare: String(Math.round(report.knownShare * 1000) / 1000),
    }),
    ...report.channels.map((row) => rowCells("channel", row)),
    ...report.stations.map((row) => rowCells("station", row)),
    ...report.dropouts.map((dropout) =>
      line({
        section: "dropout",
        serialNumber: dropout.serialNumber,
        stationName: dropout.stationName,
        droppedAt: iso(dropout.at),
        backAt: dropout.until === null ? "" : iso(dropout.until),
        listenersAtDrop: String(dropout.listeners),
      }),
    ),
  ];
}
