// npm run screenshots: what a kiosk without JavaScript shows at 1024×600 — the stations list,
// the API tokens and the moderation screens — and the audit log in English and German at 1024×600
// and on a 390 px phone, written to docs/screenshots/*.png. Starts its own console with a fresh
// default fleet (builds first when there is no build), signs in as the admin over plain HTTP,
// makes a few writes for the audit log to show (a rename, a noise gate, a PIN, the audience mic, a
// Moderator's refused rename) and takes each page as Chromium renders it with JavaScript off, in
// the venue's time zone (TZ=Europe/Berlin). SCREENSHOT_PORT and SCREENSHOT_SIMULATOR_PORT move it
// off 3290/5290.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser } from "../bench/browser";
import { startConsoleProcess } from "../tests/support/processes";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";

const kiosk = { width: 1024, height: 600 };
const phone = { width: 390, height: 844 };
const shots = [
  { name: "stations", path: "/stations", viewport: kiosk },
  { name: "api-tokens", path: "/apiTokens", viewport: kiosk },
  { name: "moderation", path: "/moderation", viewport: kiosk },
  { name: "moderation-details", path: "/moderation/MCS-0043/1", viewport: kiosk },
  ...(["en", "de"] as const).flatMap((language) => [
    { name: `audit-log-${language}-1024`, path: "/auditLog", viewport: kiosk, language, fullPage: true },
    { name: `audit-log-${language}-390`, path: "/auditLog", viewport: phone, language, fullPage: true },
  ]),
];
const outputDirectory = join(process.cwd(), "docs", "screenshots");

if (!existsSync("build/index.js")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A form post as the signed-in browser sends it. */
async function post(session: ConsoleSession, path: string, fields: Record<string, string>) {
  await session.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** Writes of a venue's evening, for the audit log to show. */
async function recordSomeWrites(consoleUrl: string, admin: ConsoleSession) {
  await post(admin, "/stations/MCS-0042?index", { intent: "rename", name: "Main Hall – Stage" });
  await post(admin, "/stations/MCS-0042?index", { intent: "saveNoiseGate", thresholdDb: "-60" });
  await post(admin, "/stations/MCS-0042/channels/1", {
    intent: "savePin",
    pinEnabled: "on",
    pin: "482916",
    confirmed: "yes",
  });
  const appView = await (await admin.fetch("/appView")).text();
  const channelId = /name="channelId" value="([^"]+)"/.exec(appView)?.[1];
  if (channelId) await post(admin, "/appView", { intent: "setAudienceMicMuted", channelId, muted: "true" });
  const moderator = await signInToConsole(consoleUrl, "moderator");
  await post(moderator, "/stations/MCS-0042?index", { intent: "rename", name: "Moderator Hall" });
}

const consoleProcess = await startConsoleProcess({
  stations: 10,
  port: Number(process.env.SCREENSHOT_PORT ?? 3290),
  simulatorPort: Number(process.env.SCREENSHOT_SIMULATOR_PORT ?? 5290),
  env: { TZ: "Europe/Berlin" },
});
const browser = await launchBrowser();
try {
  const session = await signInToConsole(consoleProcess.url, "admin");
  await recordSomeWrites(consoleProcess.url, session);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: "en-GB",
    timezoneId: "Europe/Berlin",
  });
  await context.addCookies(
    session.cookie.split(";").map((pair) => {
      const [name = "", ...value] = pair.trim().split("=");
      return { name, value: value.join("="), url: consoleProcess.url };
    }),
  );
  const page = await context.newPage();
  mkdirSync(outputDirectory, { recursive: true });
  for (const shot of shots) {
    await page.setViewportSize(shot.viewport);
    const language = "language" in shot ? shot.language : "en";
    const value = Buffer.from(JSON.stringify(language)).toString("base64");
    await context.addCookies([{ name: "lng", value, url: consoleProcess.url }]);
    const response = await page.goto(`${consoleProcess.url}${shot.path}`);
    if (!response?.ok()) throw new Error(`${shot.path} answered ${response?.status()}`);
    const file = join(outputDirectory, `${shot.name}.png`);
    await page.screenshot({ path: file, fullPage: "fullPage" in shot && shot.fullPage });
    console.log(`${shot.path} (${language}, ${shot.viewport.width} px) → ${file}`);
  }
} finally {
  await browser.close();
  await consoleProcess.stop();
}
