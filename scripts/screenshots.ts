// npm run screenshots: what a kiosk without JavaScript shows at 1024×600 — the stations list,
// the API tokens and the moderation screens — written to docs/screenshots/*.png. Starts its own
// console with a fresh default fleet (builds first when there is no build), signs in as the
// admin over plain HTTP and takes each page as Chromium renders it with JavaScript off.
// SCREENSHOT_PORT and SCREENSHOT_SIMULATOR_PORT move it off 3290/5290.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser } from "../bench/browser";
import { startConsoleProcess } from "../tests/support/processes";
import { signInToConsole } from "../tests/support/console-session";

const shots = [
  { name: "stations", path: "/stations" },
  { name: "api-tokens", path: "/apiTokens" },
  { name: "moderation", path: "/moderation" },
  { name: "moderation-details", path: "/moderation/MCS-0043/1" },
];
const viewport = { width: 1024, height: 600 };
const outputDirectory = join(process.cwd(), "docs", "screenshots");

if (!existsSync("build/index.js")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const consoleProcess = await startConsoleProcess({
  stations: 10,
  port: Number(process.env.SCREENSHOT_PORT ?? 3290),
  simulatorPort: Number(process.env.SCREENSHOT_SIMULATOR_PORT ?? 5290),
});
const browser = await launchBrowser();
try {
  const session = await signInToConsole(consoleProcess.url, "admin");
  const context = await browser.newContext({
    viewport,
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
    const response = await page.goto(`${consoleProcess.url}${shot.path}`);
    if (!response?.ok()) throw new Error(`${shot.path} answered ${response?.status()}`);
    const file = join(outputDirectory, `${shot.name}.png`);
    await page.screenshot({ path: file });
    console.log(`${shot.path} → ${file}`);
  }
} finally {
  await browser.close();
  await consoleProcess.stop();
}
