// Whether a change to the console's CSS changed what any screen looks like: every element's
// computed style (and its ::before and ::after) on every screen, light and dark, with JavaScript
// and with the app's scripts blocked, in a console serving an earlier build (COMPARE_BEFORE: a
// directory with its `build/`, `public/` and `package.json`, `node_modules` linked) and one
// serving this directory's build, against one simulator. Prints each difference and exits 1 when
// there is any. Sizes (width, height and what derives from them) are left out: they follow the
// text, which moves with the clock ("3 s ago").
//   COMPARE_BEFORE=/tmp/before npx tsx scripts/compare-styles.ts
import type { Browser, Page } from "@playwright/test";
import { launchBrowser } from "../bench/browser";
import { freePort } from "../e2e/support/own-console";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess, type ConsoleProcess } from "../tests/support/processes";

const beforeDirectory = process.env.COMPARE_BEFORE;
if (!beforeDirectory) throw new Error("COMPARE_BEFORE: the directory of the build to compare with");

// The accessibility spec's pages, the URL-state dialogs, and the signed-out and moderator ones.
const screens: Array<{ path: string; role: "admin" | "moderator" | "none" }> = [
  ...[
    "/dashboard",
    "/stations",
    "/stations?confirm=clearRejected",
    "/stations/MCS-0042",
    "/stations/MCS-0042?confirm=reboot",
    "/stations/MCS-0042/network",
    "/stations/MCS-0042/log",
    "/stations/MCS-0042/firmware",
    "/stations/MCS-0042/channels/1",
    "/stations/MCS-0012",
    "/stations/MCS-9999",
    "/appView",
    "/moderation",
    "/moderation/MCS-0043/1",
    "/settings",
    "/settings?confirm=dnsConfig&useDnsDiscovery=off&managerIpAddress=10.10.20.5",
    "/apiTokens",
    "/apiTokens?dialog=addToken",
    "/appCustomization",
    "/no/such/page",
  ].map((path) => ({ path, role: "admin" as const })),
  ...["/appView", "/moderation", "/stations"].map((path) => ({ path, role: "moderator" as const })),
  { path: "/login?redirectTo=%2Fstations", role: "none" },
];

const sizeProperties =
  /^(width|height|inline-size|block-size|min-inline-size|min-block-size|perspective-origin|transform-origin|d|r|x|y|cx|cy)$/;

/** Every element's computed style in document order, as one line per element and pseudo-element. */
async function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate((sizes) => {
    const pattern = new RegExp(sizes);
    const lines: string[] = [];
    const elements = [document.documentElement, ...document.documentElement.querySelectorAll("*")];
    elements.forEach((element, index) => {
      const name = `${index} ${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
      for (const pseudo of [null, "::before", "::after"]) {
        const style = getComputedStyle(element, pseudo);
        if (pseudo && (style.content === "none" || style.content === "normal")) continue;
        const values: string[] = [];
        for (let i = 0; i < style.length; i += 1) {
          const property = style[i]!;
          // Custom properties are compared through what they set: their text may be written otherwise.
          if (!pattern.test(property) && !property.startsWith("--"))
            values.push(`${property}:${style.getPropertyValue(property)}`);
        }
        // Custom properties come in the order their rules were declared: compare them as a set.
        lines.push(`${name}${pseudo ?? ""} {${values.sort().join(";")}}`);
      }
    });
    return lines;
  }, sizeProperties.source);
}

async function screenStyles(
  browser: Browser,
  consoleProcess: ConsoleProcess,
  session: ConsoleSession | null,
  path: string,
  scheme: "light" | "dark",
  withoutScripts: boolean,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-GB" });
  const colorScheme = Buffer.from(JSON.stringify(scheme)).toString("base64");
  const cookies = [`colorScheme=${colorScheme}`, ...(session ? session.cookie.split(";") : [])];
  await context.addCookies(
    cookies.map((pair) => {
      const [name = "", ...value] = pair.trim().split("=");
      return { name, value: value.join("="), url: consoleProcess.url };
    }),
  );
  const page = await context.newPage();
  if (withoutScripts) await page.route("**/build/**/*.js", (route) => route.abort());
  try {
    await page.goto(`${consoleProcess.url}${path}`);
    if (!withoutScripts) await page.locator("html[data-js='on']").waitFor({ state: "attached" });
    await page.evaluate(() => document.fonts.ready);
    return await computedStyles(page);
  } finally {
    await context.close();
  }
}

const simulator = await startSimulatorProcess({
  stations: 100,
  managerPort: await freePort(),
  identityPort: await freePort(),
});
const consoles: ConsoleProcess[] = [];
const browser = await launchBrowser();
let differences = 0;
try {
  consoles.push(await startConsoleProcess({ port: await freePort(), simulator, cwd: beforeDirectory }));
  consoles.push(await startConsoleProcess({ port: await freePort(), simulator }));
  const sessions = await Promise.all(
    consoles.map(async (consoleProcess) => ({
      admin: await signInToConsole(consoleProcess.url, "admin"),
      moderator: await signInToConsole(consoleProcess.url, "moderator"),
      none: null,
    })),
  );
  for (const { path, role } of screens) {
    for (const scheme of ["light", "dark"] as const) {
      for (const withoutScripts of [false, true]) {
        const [before = [], after = []] = await Promise.all(
          consoles.map((consoleProcess, index) =>
            screenStyles(browser, consoleProcess, sessions[index]![role], path, scheme, withoutScripts),
          ),
        );
        const changed = after.filter((line, index) => line !== before[index]);
        const variant = `${path} (${role}, ${scheme}${withoutScripts ? ", scripts blocked" : ""})`;
        if (before.length !== after.length || changed.length > 0) {
          differences += 1;
          console.log(`✗ ${variant}: ${before.length} → ${after.length} styled boxes, ${changed.length} differ`);
          for (const line of changed.slice(0, 3)) {
            const index = after.indexOf(line);
            const [was = [], is = []] = [before[index] ?? "", line].map((text) =>
              text.slice(text.indexOf("{") + 1, -1).split(";"),
            );
            const wasSet = new Set(was);
            console.log(
              `  ${line.slice(0, line.indexOf("{"))}: ${is.filter((value) => !wasSet.has(value)).join("; ")}`,
            );
            console.log(`    was: ${was.filter((value) => !new Set(is).has(value)).join("; ")}`);
          }
        } else console.log(`✓ ${variant}: ${after.length} styled boxes, the same`);
      }
    }
  }
} finally {
  await browser.close();
  for (const consoleProcess of consoles) await consoleProcess.stop();
  await simulator.stop();
}
console.log(differences === 0 ? "No screen looks different." : `${differences} screens differ.`);
process.exitCode = differences === 0 ? 0 : 1;
