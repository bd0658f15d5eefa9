import { describe, expect, it } from "vitest";
import { parseCsv, serialiseCsv } from "~/domain/csv";
import type { EventReport } from "~/domain/listening-report";
import { reportCsvColumns, reportCsvRows } from "~/listening/report-csv";
import { scopeNames } from "~/listening/report-view.server";

const from = Date.UTC(2026, 10, 27, 18);
const report: EventReport = {
  peak: { listeners: 42, at: from + 3_600_000 },
  peakIsUpperBound: false,
  listenerMinutes: 1234.56,
  sessions: 50,
  averageSessionMinutes: 24.7,
  knownShare: 1,
  channels: [
    {
      serialNumber: "SN-1",
      channelIndex: 1,
      stationName: '+Hall, "A"',
      channelName: "@English\r\nline",
      peak: 42,
      listenerMinutes: 1234.56,
      sessions: 50,
      averageSessionMinutes: 24.7,
    },
  ],
  stations: [],
  dropouts: [{ serialNumber: "SN-1", stationName: "-Hall", at: from + 60_000, until: null, listeners: 42 }],
};

describe("an event's report as CSV", () => {
  it("keeps a hostile title and names as text, one record each, never a formula", () => {
    const text = serialiseCsv(
      reportCsvRows({ title: '=HYPERLINK("http://evil.example","x")' }, { from, to: from + 3 * 3_600_000 }, report),
    );
    const records = parseCsv(text);
    expect(records).toHaveLength(4);
    expect(records[0]).toEqual([...reportCsvColumns]);
    const cell = (row: number, column: (typeof reportCsvColumns)[number]) =>
      records[row]![reportCsvColumns.indexOf(column)];
    expect(cell(1, "title")).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(cell(1, "peak")).toBe("42");
    expect(cell(2, "stationName")).toBe('\'+Hall, "A"');
    expect(cell(2, "channelName")).toBe("'@English\r\nline");
    expect(cell(3, "stationName")).toBe("'-Hall");
    expect(cell(3, "listenersAtDrop")).toBe("42");
    for (const record of records) expect(record).toHaveLength(reportCsvColumns.length);
  });
});

describe("the names of an event's scope", () => {
  const entities = [
    { serialNumber: "SN-1", channelIndex: 0, stationName: "Hall", channelName: null },
    { serialNumber: "SN-1", channelIndex: 1, stationName: null, channelName: "English" },
    { serialNumber: "SN-1", channelIndex: 2, stationName: null, channelName: "German" },
    { serialNumber: "SN-2", channelIndex: 0, stationName: "Foyer", channelName: null },
  ];

  it("names the stations and channels the scope lists, and only those", () => {
    const names = scopeNames(entities, ["SN-1/2", "SN-2", "SN-9"]);
    expect([...names.entries()].sort()).toEqual([
      ["SN-1/2", "Hall: German"],
      ["SN-2", "Foyer"],
    ]);
  });
});
