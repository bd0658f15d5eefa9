// Text browsers (w3m, lynx) ignore CSS: visually hidden text must be apart from the visible text
// next to it, and links and buttons in a row must not run into one word. Each page is dumped as
// a text browser shows it; CI installs both (.ci/run).
import { execFileSync } from "node:child_process";
import type { BrowserContext } from "@playwright/test";
import { missingPrograms, requireSystemProgram } from "../tests/support/system-programs";
import { expect, test } from "./support/fixtures";
import { recordCheck } from "./support/ledger";
import { consoleUrl } from "./support/ports";

const pages = [
  "/dashboard",
  "/stations",
  "/stations?confirm=accept&station=MCS-0047",
  "/stations/MCS-0042",
  "/stations/MCS-0043",
  "/stations/MCS-0042/network",
  "/stations/MCS-0042/log",
  "/stations/MCS-0042/firmware",
  "/stations/MCS-0042/channels/1",
  "/appView",
  "/moderation",
  "/moderation/MCS-0043/1",
  "/settings",
  "/apiTokens",
  "/apiTokens?dialog=addToken",
  "/appCustomization",
  // The sign-ins: the log's table and filters, without the random values other tests record.
  "/auditLog?action=session.signIn",
  "/firmware/rollouts",
  "/settings/backup",
  "/settings/restore",
];

test.use({ ledger: true });

/** What a text browser gets: the admin's page in English, light, as the server sends it. */
const textBrowserState = (path: string) =>
  ({ role: "admin", render: "nojs", language: "en", scheme: "light", path }) as const;

async function sessionCookie(context: BrowserContext) {
  const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
  return `__session=${session!.value}`;
}

function w3m(path: string, cookie: string) {
  const args = ["-dump", "-cols", "400", "-header", `Cookie: ${cookie}`, `${consoleUrl}${path}`];
  return execFileSync(requireSystemProgram("w3m"), args, { encoding: "utf8" });
}

async function lynx(path: string, cookie: string) {
  const html = await (await fetch(`${consoleUrl}${path}`, { headers: { Cookie: cookie } })).text();
  const args = ["-dump", "-stdin", "-force_html", "-nolist", "-width=400", "-display_charset=utf-8"];
  return execFileSync(requireSystemProgram("lynx"), args, { input: html, encoding: "utf8" });
}

/**
 * Words that two pieces of text ran into: a lower-case letter, a digit or a closing bracket
 * straight before a capital ("GeneralNetwork", "tab)Documentation", "MCS-0046Reject").
 */
function runTogether(dump: string) {
  // The audit log writes a refused value's hidden characters out ("\u0000Hall"): apart from the text.
  const words = dump.replace(/\\u(\{[0-9a-f]+\}|[0-9a-f]{4})/g, " ").split(/\s+/);
  return [...new Set(words)].filter(
    (word) =>
      /[\p{Ll}\d)]\p{Lu}/u.test(word) &&
      // Units, the PoE interface, lynx's "(intent)" marks, the audit log's action names (in a
      // select too, which lynx pads to its longest option: "[session.signIn____]") and field names
      // as recorded ("firstWaveSize:"), and words without a lower-case letter: IDs, serial
      // numbers, MAC addresses, colours (MCS-0046, T4D9U7, 02:4D:…, 0096D6).
      !/^\(?d?B[uV]?\)?$|PoE|^\(\p{Ll}[\w:-]*\)$|^\[?\p{Ll}+(\.\p{L}+)+_*\]?$|^\p{Ll}[\w.[\]-]*:$|^[^\p{Ll}]+$/u.test(
        word,
      ),
  );
}

for (const browser of ["w3m", "lynx"] as const) {
  test.describe(`in ${browser}`, () => {
    const missing = missingPrograms(browser);
    test.skip(missing !== null, missing ?? "");
    const dumpOf = browser === "w3m" ? async (path: string, cookie: string) => w3m(path, cookie) : lynx;

    for (const path of pages) {
      test(`${path} reads as separate words`, async ({ context }) => {
        const dump = await dumpOf(path, await sessionCookie(context));
        recordCheck(textBrowserState(path), `${browser}: separate words`);
        expect(dump).toContain("Version");
        expect(runTogether(dump)).toEqual([]);
      });
    }

    test("a station's tabs and the sorted column's hidden text stand apart", async ({ context }) => {
      const cookie = await sessionCookie(context);
      const station = (await dumpOf("/stations/MCS-0042", cookie)).replace(/\s+/g, " ");
      recordCheck(textBrowserState("/stations/MCS-0042"), `${browser}: the station's tabs apart`);
      expect(station).toMatch(/General\s+Network\s+Log\s+Firmware/);
      const list = (await dumpOf("/stations", cookie)).replace(/\s+/g, " ");
      recordCheck(
        textBrowserState("/stations"),
        `${browser}: the sorted column's hidden text and the footer's links apart`,
      );
      expect(list).toContain("Station sorted ascending, Sort by Station");
      expect(list).toContain("Status Sort by Status");
      expect(list).toMatch(/Imprint\s+Terms of use\s+Privacy/);
    });
  });
}
