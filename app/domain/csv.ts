// CSV files a user opens in a spreadsheet: a cell that starts with = + - @, a tab or a carriage
// return is read as a formula by Excel, LibreOffice and Google Sheets ("CSV injection"), so such
// a cell gets a leading apostrophe (shown as text, never evaluated) and is quoted. The Manager's
// files carry names and codes that stations and users choose, so the console cleans them on the
// way through (docs/decisions/007-security.md).

const formulaStart = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet shows it: text, never a formula. */
export function neutraliseCell(cell: string): string {
  return formulaStart.test(cell) ? `'${cell}` : cell;
}

function quoted(cell: string) {
  return `"${cell.replaceAll('"', '""')}"`;
}

function serialiseCell(cell: string): string {
  const safe = neutraliseCell(cell);
  return safe !== cell || /[",\r\n]/.test(safe) ? quoted(safe) : safe;
}

/**
 * RFC 4180 records: quoted cells may hold commas, quotes ("") and line breaks; lines end with
 * CRLF or LF. Never throws: an unterminated quote runs to the end of the text.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let inQuotes = false;
  let position = 0;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (position < text.length) {
    const char = text[position]!;
    if (inQuotes) {
      if (char === '"' && text[position + 1] === '"') {
        cell += '"';
        position += 2;
        continue;
      }
      if (char === '"') inQuotes = false;
      else cell += char;
      position += 1;
      continue;
    }
    if (char === '"' && cell === "") inQuotes = true;
    else if (char === ",") endCell();
    else if (char === "\n") endRow();
    else if (char === "\r" && text[position + 1] === "\n") {
      endRow();
      position += 1;
    } else cell += char;
    position += 1;
  }
  if (cell !== "" || row.length > 0 || inQuotes) endRow();
  return rows;
}

/** One record, formula-safe, ending in CRLF: for a CSV written line by line (a stream). */
export function csvLine(row: readonly string[]): string {
  return `${row.map(serialiseCell).join(",")}\r\n`;
}

export function serialiseCsv(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join("");
}

/** The same table with every formula-like cell neutralised. */
export function spreadsheetSafeCsv(text: string): string {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  return bom + serialiseCsv(parseCsv(bom ? text.slice(1) : text));
}
