import { describe, expect, it } from "vitest";
import { csvLine, parseCsv } from "~/domain/csv";
import { normalizeAuditRecord, type AuditRecord } from "~/records/audit-log";
import { auditCsvColumns, recordCells } from "./csv-cells";

const record: AuditRecord = {
  id: "1",
  time: "2026-11-26T10:00:00.000Z",
  requestId: "req-1",
  // A name the identity provider passes on as the user chose it.
  user: { id: "sub-1", name: '=HYPERLINK("http://evil.example")', role: "Admin" },
  action: "channel.savePin",
  target: { kind: "channel", serialNumber: "MCS-0042", channelIndex: 1 },
  changes: [
    { field: "pin", secret: true },
    { field: "name", old: "Hall", new: '+Hall, "quoted"' },
  ],
  outcome: { kind: "failed", managerStatus: 500, message: "-1" },
};

describe("the audit log's CSV line", () => {
  it("gives every column, a secret only as changed, and formula-like cells as text", () => {
    const [cells] = parseCsv(csvLine(recordCells(record)));
    const cell = (column: (typeof auditCsvColumns)[number]) => cells![auditCsvColumns.indexOf(column)];
    expect(cells).toHaveLength(auditCsvColumns.length);
    expect(cell("userName")).toBe('\'=HYPERLINK("http://evil.example")');
    expect(cell("changes")).toBe('pin: changed; name: "Hall" → "+Hall, \\"quoted\\""');
    expect(cell("reason")).toBe("'-1");
    expect(cell("managerStatus")).toBe("500");
    expect(cell("channelIndex")).toBe("1");
  });

  it("gives an act over many parts its counts, and leaves them empty for a single write", () => {
    const partly: AuditRecord = { ...record, outcome: { kind: "partly", counts: { done: 3, failed: 1, skipped: 2 } } };
    const [cells] = parseCsv(csvLine(recordCells(partly)));
    const cell = (column: (typeof auditCsvColumns)[number]) => cells![auditCsvColumns.indexOf(column)];
    expect([cell("outcome"), cell("done"), cell("failed"), cell("skipped")]).toEqual(["partly", "3", "1", "2"]);
    const [single] = parseCsv(csvLine(recordCells(record)));
    expect(single!.slice(auditCsvColumns.indexOf("done"))).toEqual(["", "", ""]);
  });

  it("writes hidden characters out as escapes, in a record kept before the rule as in one kept after it", () => {
    const raw: AuditRecord = {
      ...record,
      user: { id: "sub-1", name: "Eve\u202E", role: "Admin" },
      target: { kind: "station", serialNumber: "MCS-0042", label: "Hall\u0000" },
      changes: [{ field: "name", new: "\u0000Hall\u202Eevil" }],
      outcome: { kind: "refused", reason: "validation", detail: "name" },
    };
    const stored: AuditRecord = { ...raw, ...normalizeAuditRecord(raw, raw.id) };
    for (const kept of [raw, stored]) {
      const line = csvLine(recordCells(kept));
      expect(line.trimEnd()).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      const [cells] = parseCsv(line);
      const cell = (column: (typeof auditCsvColumns)[number]) => cells![auditCsvColumns.indexOf(column)];
      expect(cell("userName")).toBe("Eve\\u202e");
      expect(cell("targetLabel")).toBe("Hall\\u0000");
      // JSON of the text the screen shows: \u0000Hall\u202eevil.
      expect(JSON.parse(cell("changes")!.split(" → ")[1]!)).toBe("\\u0000Hall\\u202eevil");
    }
  });
});
