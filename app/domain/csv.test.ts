// CSV downloads are safe to open in a spreadsheet: formula-like cells become text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseCell, parseCsv, serialiseCsv, spreadsheetSafeCsv } from "~/domain/csv";

describe("spreadsheet-safe CSV", () => {
  it.each(['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A2)", "\t=1", "\r=1"])(
    "neutralises a cell starting with %j: an apostrophe in front, quoted",
    (cell) => {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
      const line = serialiseCsv([[cell]]);
      expect(line.startsWith(`"'`)).toBe(true);
      expect(parseCsv(line)).toEqual([[`'${cell}`]]);
    },
  );

  it("leaves ordinary cells as they are", () => {
    for (const cell of ["station", "MCS-0042", "2025-01-01T10:00:00Z", '{"name":"=x"}', "", "a=b"]) {
      expect(neutraliseCell(cell)).toBe(cell);
    }
  });

  it("rewrites a Manager file: every dangerous cell neutralised, the rest unchanged", () => {
    const original =
      "id,code,stationSerialNumber,parameters\r\n" +
      'e1,stationOffline,=cmd|\'/C calc\'!A0,"{""name"":""x""}"\r\n' +
      'e2,"@evil",MCS-0042,"{}"\r\n' +
      'e3,"multi\nline",+1,-\r\n';
    expect(parseCsv(spreadsheetSafeCsv(original))).toEqual([
      ["id", "code", "stationSerialNumber", "parameters"],
      ["e1", "stationOffline", "'=cmd|'/C calc'!A0", '{"name":"x"}'],
      ["e2", "'@evil", "MCS-0042", "{}"],
      ["e3", "multi\nline", "'+1", "'-"],
    ]);
  });

  it("keeps a byte order mark and reads LF-only files", () => {
    expect(spreadsheetSafeCsv("\uFEFFa,b\n=1,2\n")).toBe('\uFEFFa,b\r\n"\'=1",2\r\n');
  });

  it("never leaves a cell a spreadsheet would evaluate, and changes nothing else, whatever the file holds", () => {
    const plainCsv = (rows: string[][]) =>
      rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",") + "\r\n").join("");
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { maxLength: 5 }), (rows) => {
        const cleaned = parseCsv(spreadsheetSafeCsv(plainCsv(rows)));
        expect(cleaned).toEqual(rows.map((row) => row.map(neutraliseCell)));
        for (const row of cleaned) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});
