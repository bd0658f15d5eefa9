// A real text browser: lynx signs in through the landing page and the identity provider's form,
// renames a station with the station page's own form and adds an alert's e-mail address with the
// destinations page's, keystroke by keystroke — no JavaScript, and no Origin header on any post.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { missingPrograms, requireSystemProgram } from "../tests/support/system-programs";
import { clearAlerts } from "./support/alert-setup";
import { consoleUrl } from "./support/ports";
import { simulator } from "./support/simulator";

const run = promisify(execFile);
let directory: string;

const missing = missingPrograms("lynx");
test.skip(missing !== null, missing ?? "");

test.beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "console-lynx-"));
  await writeFile(
    join(directory, "lynx.cfg"),
    [
      "ACCEPT_ALL_COOKIES:TRUE",
      "SET_COOKIES:TRUE",
      "PERSISTENT_COOKIES:TRUE",
      `COOKIE_FILE:${join(directory, "cookies")}`,
      `COOKIE_SAVE_FILE:${join(directory, "cookies")}`,
      // No pauses after status messages: the script goes on as soon as a page has loaded.
      "INFOSECS:0",
      "MESSAGESECS:0",
      "ALERTSECS:0",
      "",
    ].join("\n"),
  );
});

test.afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await simulator.reset();
});

/** lynx's command script: one key per line, as `lynx -cmd_log` writes them. */
function keys(...strokes: Array<string | string[]>) {
  return (
    strokes
      .flatMap((stroke) => (Array.isArray(stroke) ? stroke : [stroke]))
      .map((key) => `key ${key}`)
      .join("\n") + "\n"
  );
}
const typed = (text: string) => [...text];

async function lynx(commandArgs: string[]) {
  const args = ["-nopause", `-cfg=${join(directory, "lynx.cfg")}`, ...commandArgs];
  const { stdout } = await run(requireSystemProgram("lynx"), args, {
    env: { ...process.env, TERM: "vt100", HOME: directory },
    timeout: 45_000,
  });
  return stdout;
}

async function lynxScript(name: string, script: string, url: string) {
  const file = join(directory, `${name}.keys`);
  await writeFile(file, script);
  await lynx([`-cmd_script=${file}`, url]);
}

async function signIn() {
  // Landing page: its only control is the sign-in button. Provider: username, password, submit.
  await lynxScript(
    "sign-in",
    keys("^J", typed("admin"), "Down Arrow", typed("admin"), "Down Arrow", "^J", "q", "y"),
    `${consoleUrl}/login`,
  );
  expect(await readFile(join(directory, "cookies"), "utf8")).toContain("__session");
}

test("lynx signs in and renames a station with the page's own form", async () => {
  await signIn();
  const dashboard = await lynx(["-dump", `${consoleUrl}/dashboard`]);
  expect(dashboard).toContain("Alex Admin");

  // Station page: find the rename form's button, step up into the name field, replace the
  // text (Ctrl-U clears it), Enter leaves the field for the button, Enter submits.
  await lynxScript(
    "rename",
    keys("/", typed("Save"), "^J", "Up Arrow", "^U", typed("LynxHall"), "^J", "^J", "q", "y"),
    `${consoleUrl}/stations/MCS-0042`,
  );
  const station = await lynx(["-dump", `${consoleUrl}/stations/MCS-0042`]);
  expect(station).toMatch(/Name \*\s+LynxHall_/);
});

test("lynx adds an e-mail address for the alerts with the destinations page's form", async () => {
  await clearAlerts();
  await signIn();
  // lynx's scripts type no spaces: the search finds the only "messages" (the language's label),
  // which puts the cursor on the select; up from it are the address and the name.
  await lynxScript(
    "add-email",
    keys(
      "/",
      typed("messages"),
      "^J",
      "Up Arrow",
      "Up Arrow",
      typed("FrontDesk"),
      "Down Arrow",
      typed("desk@example.org"),
      "Down Arrow",
      "Down Arrow",
      "^J",
      "q",
      "y",
    ),
    `${consoleUrl}/alerts/destinations`,
  );
  const destinations = await lynx(["-dump", `${consoleUrl}/alerts/destinations`]);
  expect(destinations).toMatch(/FrontDesk\s+E-mail\s+desk@example\.org/);
  await clearAlerts();
});
