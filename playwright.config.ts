// End-to-end tests in two projects — JavaScript on and JavaScript off — against a production
// build of the console with the built-in simulator (test controls on, its own life paused).
import { statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { consoleUrl, e2eDataDirectoryOf, e2eMetricsToken, e2ePortsOf, e2eWorkers } from "./e2e/support/ports";
import { serverEnvironment, testServerArguments } from "./scripts/server-command.mjs";
import { systemProgram } from "./tests/support/system-programs";

function sharedMemoryBytes() {
  try {
    const { bsize, blocks } = statfsSync("/dev/shm");
    return bsize * blocks;
  } catch {
    return 0;
  }
}

// Each Playwright run empties its output directory first: two runs at once (npm test runs the api
// project beside the browser projects, scripts/test.mjs) each need their own.
const outputDirectory = process.env.E2E_OUTPUT_DIR ?? "test-results";

const dataDirectory = process.env.E2E_DATA_DIRECTORY ?? join(tmpdir(), `station-console-e2e-${process.pid}`);
// Workers load this file again in their own process: they find their server's directory in it.
process.env.E2E_DATA_DIRECTORY = dataDirectory;
// The partial-JS project blocks a random half of the build's scripts; a run names its seed in the
// test's title, and PARTIAL_JS_SEED=<seed> blocks the same half again.
process.env.PARTIAL_JS_SEED ??= String(Math.floor(Math.random() * 2 ** 31));

/** Specs that measure time: run on a machine doing nothing else. */
const timedFiles = [
  /body-limits\.api\.spec\.ts$/,
  /fleet-bounds\.api\.spec\.ts$/,
  /venue-backup-bounds\.api\.spec\.ts$/,
];

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files are spread over the workers; a file's tests run in order in one worker, against that
  // worker's own console and simulator (e2e/support/ports.ts).
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  outputDir: outputDirectory,
  // The run ends with its ten slowest files, then one line naming the tests skipped for a
  // missing system program and what to install. Every run writes <output directory>/report.json
  // (CI keeps it); PAGE_LEDGER=<file> writes the ledger of page checks.
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    ["json", { outputFile: join(outputDirectory, "report.json") }],
    ["./e2e/support/ledger-reporter.ts"],
    ["./e2e/support/slowest-files-reporter.ts"],
    ["./e2e/support/missing-programs-reporter.ts"],
  ],
  use: {
    baseURL: consoleUrl,
    // A trace records every action of every test with screenshots and DOM snapshots, kept or
    // not, at a cost in CPU (docs/decisions/064-a-console-per-test-worker.md). CI prints only
    // text and keeps no files, so there it is off.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      // Without it the browser tests skip (e2e/support/fixtures.ts).
      executablePath: systemProgram("chromium") ?? undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        // Only where /dev/shm is too small for Chromium (containers' 64 MB): elsewhere it moves
        // shared memory into files under /tmp, which costs system time on every frame.
        ...(sharedMemoryBytes() < 1024 ** 3 ? ["--disable-dev-shm-usage"] : []),
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // HTTP-level specs (security, robustness) need no browser and run once.
    { name: "api", testMatch: /\.api\.spec\.ts$/, testIgnore: timedFiles },
    // The HTTP-level specs whose figures are times (a console's answers while it works, against
    // the same console idle): npm test runs them alone once the other lanes are done, never beside
    // the browsers (scripts/test.mjs, docs/decisions/067-one-walk-per-page-state.md).
    { name: "api-timed", testMatch: timedFiles },
    // Specs about what the server sends alone (valid markup, text browsers) run without
    // JavaScript only: the HTML is the same for every browser.
    {
      name: "js",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true },
      testIgnore: [/\.api\.spec\.ts$/, /\.partial-js\.spec\.ts$/, /\.nojs-only\.spec\.ts$/],
    },
    // Specs about a JavaScript-only comfort say so in their file name.
    {
      name: "nojs",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      testIgnore: [/\.js-only\.spec\.ts$/, /\.api\.spec\.ts$/, /\.partial-js\.spec\.ts$/],
    },
    // JavaScript partly loaded: the specs block some of the build's scripts themselves.
    {
      name: "partial-js",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true },
      testMatch: /\.partial-js\.spec\.ts$/,
    },
  ],
  // One console with its simulator per worker.
  webServer: Array.from({ length: e2eWorkers }, (_, index) => ({
    // The compiled server, as `npm start` runs it, with production's heap limits
    // (scripts/server-command.mjs). npm run test:e2e builds first.
    command: ["node", ...testServerArguments].join(" "),
    url: `http://127.0.0.1:${e2ePortsOf(index).console}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      ...serverEnvironment,
      NODE_ENV: "production",
      PORT: String(e2ePortsOf(index).console),
      HOST: "127.0.0.1",
      DATA_DIRECTORY: e2eDataDirectoryOf(dataDirectory, index),
      SIMULATOR_PORT: String(e2ePortsOf(index).simulator),
      SIMULATOR_TEST_CONTROLS: "true",
      SIMULATOR_AUTONOMOUS: "false",
      SIMULATOR_SPEED: "20",
      SIMULATOR_RESEED: "true",
      MANAGER_TIMEOUT_MS: "3000",
      // The listener history's tests see a reading within seconds, not half a minute.
      LISTENING_SAMPLE_SECONDS: "5",
      // The alerts' tests deliver to a receiver on loopback, and see a retry within a second.
      ALERT_WEBHOOK_ALLOW_PRIVATE: "true",
      ALERT_WEBHOOK_RETRY_SECONDS: "1",
      // E-mail goes to the SMTP server an e-mail test starts on this port, gathering two seconds.
      SMTP_URL: `smtp://127.0.0.1:${e2ePortsOf(index).smtp}`,
      ALERT_EMAIL_GROUP_SECONDS: "2",
      SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000",
      // Loopback has no proxy, but the security tests play one to check HTTPS behaviour.
      TRUST_PROXY: "true",
      // The observability spec reads the metrics with it.
      METRICS_TOKEN: e2eMetricsToken,
      // A line per request would bury the test report; errors still show with their stacks.
      LOG_LEVEL: "warn",
    },
  })),
});
