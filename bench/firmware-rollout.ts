// A firmware rollout of 1,000 stations at the simulator's fastest clock (issue 27, Measure): every
// station that needs an update, "update now", a first wave of one and waves of 100 (the form's largest). Figures:
// the console's CPU time per station updated (from /proc, over the whole rollout), the rollout's
// duration, and the most Manager calls the console had in flight (the simulator holds each call a
// set latency and counts them; the bound is 8). Nobody watches the rollout's page, which would add
// its own Manager reads: the bench reads the rollout's state from the console's records file, as
// the driver left it. Run by `npm run bench`, or alone with `npx tsx bench/firmware-rollout.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess, type ConsoleProcess } from "../tests/support/processes";
import { freePort } from "../e2e/support/own-console";

export interface FirmwareRolloutFigures {
  stations: number;
  updated: number;
  outcome: string;
  durationMs: number;
  cpuMsPerStation: number;
  managerLatencyMs: number;
  mostInFlight: number;
  bound: number;
  peakRssMegabytes: number;
}

const stationCount = Number(process.env.BENCH_ROLLOUT_STATIONS ?? 1000);
/** The simulator's fastest clock: a two-minute update takes about 12 ms. */
const fastestSpeed = 10_000;
const managerLatencyMs = 10;
const timeoutMs = 10 * 60 * 1000;

async function simulatorControl(consoleProcess: ConsoleProcess, path: string, body?: Record<string, unknown>) {
  const response = await fetch(`${consoleProcess.simulatorUrl}/__simulator/${path}`, {
    method: body ? "POST" : "GET",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`simulator ${path} answered ${response.status}`);
  return (await response.json()) as { mostHeldRequests: number };
}

const hiddenValue = (page: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ??
  new RegExp(`value="([^"]*)" name="${name}"`).exec(page)?.[1];

/** The newest version offered (the form's default), read from the start form's selected option. */
const selectedVersion = (page: string) =>
  /<select[^>]*name="version-2"[\s\S]*?<option[^>]*value="([^"]+)"[^>]*selected/.exec(page)?.[1] ??
  /<select[^>]*name="version-2"[\s\S]*?<option[^>]*value="([^"]+)"/.exec(page)?.[1];

async function startRollout(session: ConsoleSession) {
  const form = await (await session.fetch("/firmware/rollouts")).text();
  const version = selectedVersion(form);
  const submissionId = hiddenValue(form, "submissionId");
  if (!version || !submissionId) throw new Error("the start form has no version or submission id");
  const response = await session.fetch("/firmware/rollouts?index", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "startRollout",
      source: "needUpdate",
      selection: "",
      submissionId,
      firstWaveSize: "1",
      waveSize: "100",
      "version-2": version,
      eulaAccepted: "on",
      // The seeded stations keep their listeners (the simulator's life is off): without "update
      // now" the rollout would wait for them to leave.
      updateNow: "on",
    }).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const location = response.headers.get("location");
  if (response.status !== 302 || !location?.startsWith("/firmware/rollouts/"))
    throw new Error(`starting the rollout answered ${response.status} ${location ?? ""}`);
  return location;
}

/** Reads the rollout's state from the records file every half second until it has stopped. */
async function waitForEnd(dataDirectory: string, path: string) {
  const rolloutId = Number(path.split("/").pop());
  const records = new DatabaseSync(join(dataDirectory, "console", "records.sqlite"), { readOnly: true });
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { state } = records.prepare("SELECT state FROM rollouts WHERE id = ?").get(rolloutId) as { state: string };
      if (state !== "running") {
        const { done } = records
          .prepare("SELECT count(*) AS done FROM rollout_stations WHERE rollout_id = ? AND state = 'done'")
          .get(rolloutId) as { done: number };
        return { outcome: state, updated: done };
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    records.close();
  }
  throw new Error(`the rollout did not end within ${timeoutMs / 60_000} minutes`);
}

async function measure(consoleProcess: ConsoleProcess, dataDirectory: string): Promise<FirmwareRolloutFigures> {
  const session = await signInToConsole(consoleProcess.url, "admin");
  await simulatorControl(consoleProcess, "clock", { speed: fastestSpeed });
  await simulatorControl(consoleProcess, "faults", { latencyMs: managerLatencyMs });
  let peakRssMegabytes = consoleProcess.rssMegabytes();
  const sampler = setInterval(() => (peakRssMegabytes = Math.max(peakRssMegabytes, consoleProcess.rssMegabytes())), 50);
  try {
    const cpuBefore = consoleProcess.cpuMilliseconds();
    const started = performance.now();
    const path = await startRollout(session);
    const { outcome, updated } = await waitForEnd(dataDirectory, path);
    const durationMs = Math.round(performance.now() - started);
    const cpuMs = consoleProcess.cpuMilliseconds() - cpuBefore;
    const mostInFlight = (await simulatorControl(consoleProcess, "faults")).mostHeldRequests;
    const figures = {
      stations: stationCount,
      updated,
      outcome,
      durationMs,
      cpuMsPerStation: Math.round((cpuMs / Math.max(updated, 1)) * 10) / 10,
      managerLatencyMs,
      mostInFlight,
      bound: 8,
      peakRssMegabytes,
    };
    console.log(
      `  rollout of ${updated} stations: ${outcome} in ${durationMs} ms, console CPU ${figures.cpuMsPerStation} ms per station, at most ${mostInFlight} Manager calls in flight (${managerLatencyMs} ms each), RSS peak ${peakRssMegabytes} MB`,
    );
    return figures;
  } finally {
    clearInterval(sampler);
    await simulatorControl(consoleProcess, "faults", { latencyMs: 0 });
  }
}

export async function benchFirmwareRollout(): Promise<FirmwareRolloutFigures> {
  console.log(`— a firmware rollout of ${stationCount} stations at the simulator's fastest clock…`);
  const simulator = await startSimulatorProcess({
    managerPort: await freePort(),
    identityPort: await freePort(),
    stations: stationCount,
  });
  try {
    const dataDirectory = mkdtempSync(join(tmpdir(), "station-console-bench-"));
    // One process, so its CPU time is the one process driving the rollout.
    const consoleProcess = await startConsoleProcess({
      port: await freePort(),
      simulator,
      dataDirectory,
      env: { WEB_CONCURRENCY: "1" },
    });
    try {
      return await measure(consoleProcess, dataDirectory);
    } finally {
      await consoleProcess.stop();
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  } finally {
    await simulator.stop();
  }
}

if (process.argv[1]?.endsWith("firmware-rollout.ts")) await benchFirmwareRollout();
