// Text browsers (w3m, lynx) ignore CSS: visually hidden text must be apart from the visible text
// next to it, and links and buttons in a row must not run into one word. Each page is dumped as
// a text browser shows it; CI installs both (.ci/run).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { BrowserContext } from "@playwright/test";
import { requireSystemProgram } from "../../../tests/support/system-programs";
import { consoleUrl } from "../ports";

const run = promisify(execFile);

export async function sessionCookie(context: BrowserContext) {
  const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
  return `__session=${session!.value}`;
}

async function w3m(path: string, cookie: string) {
  const args = ["-dump", "-cols", "400", "-header", `Cookie: ${cookie}`, `${consoleUrl}${path}`];
  return (await run(requireSystemProgram("w3m"), args, { encoding: "utf8" })).stdout;
}

async function lynx(path: string, cookie: string) {
  const html = await (await fetch(`${consoleUrl}${path}`, { headers: { Cookie: cookie } })).text();
  const args = ["-dump", "-stdin", "-force_html", "-nolist", "-width=400", "-display_charset=utf-8"];
  const child = run(requireSystemProgram("lynx"), args, { encoding: "utf8" });
  child.child.stdin!.end(html);
  return (await child).stdout;
}

/** The page as the text browser shows it. */
export const dumpIn = (browser: "w3m" | "lynx", path: string, cookie: string) =>
  browser === "w3m" ? w3m(path, cookie) : lynx(path, cookie);

/**
 * Words that two pieces of text ran into: a lower-case letter, a digit or a closing bracket
 * straight before a capital ("GeneralNetwork", "tab)Documentation", "MCS-0046Reject").
 */
export function runTogether(dump: string) {
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
