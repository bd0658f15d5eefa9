// Fleet work at 1,000 stations (issue 27): choose all that match on /stations, open the bulk
// reboot's confirmation, confirm it. Figures: the confirmation page's server time (p50/p95, and
// against its `.data`: the bench's render ratio), the console's RSS before and at its peak, the
// confirmed reboot's time, and the most Manager calls the console had in flight (the simulator
// holds every call for a set latency and counts them; the bound is 8). Run by `npm run bench`, or
// alone with `npx tsx bench/fleet-bulk.ts`.
import { randomUUID } from "node:crypto";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess, type ConsoleProcess } from "../tests/support/processes";
import { freePort } from "../e2e/support/own-console";
import { dataUrlOf, measureRoute, type LoadResult } from "./http-load";

export interface FleetBulkFigures {
  stations: number;
  chosen: number;
  chooseAllMs: number;
  confirmation: { document: LoadResult; data: LoadResult; renderRatio: number };
  reboot: { ms: number; managerLatencyMs: number; mostInFlight: number; bound: number };
  idleRssMegabytes: number;
  peakRssMegabytes: number;
  /** Two seconds after the reboot's answer. */
  settledRssMegabytes: number;
}

const stationCount = Number(process.env.BENCH_BULK_STATIONS ?? 1000);
/** Each Manager call is held this long, so the calls in flight can be counted. */
const managerLatencyMs = 20;

async function faults(consoleProcess: ConsoleProcess, changes?: Record<string, unknown>) {
  const response = await fetch(`${consoleProcess.simulatorUrl}/__simulator/faults`, {
    method: changes ? "POST" : "GET",
    headers: changes ? { "content-type": "application/json" } : {},
    body: changes ? JSON.stringify(changes) : undefined,
  });
  if (!response.ok) throw new Error(`simulator faults answered ${response.status}`);
  return (await response.json()) as { mostHeldRequests: number };
}

async function postForm(session: ConsoleSession, path: string, fields: Record<string, string>) {
  const response = await session.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  if (response.status !== 302 && response.status !== 303)
    throw new Error(`POST ${path} answered ${response.status}, not a redirect`);
  return response.headers.get("location") ?? "";
}

const hiddenValue = (page: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ??
  new RegExp(`value="([^"]*)" name="${name}"`).exec(page)?.[1];

async function measure(consoleProcess: ConsoleProcess): Promise<FleetBulkFigures> {
  const session = await signInToConsole(consoleProcess.url, "admin");
  const idleRssMegabytes = consoleProcess.rssMegabytes();
  let peakRssMegabytes = idleRssMegabytes;
  const sampler = setInterval(() => (peakRssMegabytes = Math.max(peakRssMegabytes, consoleProcess.rssMegabytes())), 20);
  try {
    const chooseStarted = performance.now();
    const selection = randomUUID();
    await postForm(session, "/stations?index", { intent: "chooseAll", selection, q: "" });
    const chooseAllMs = Math.round(performance.now() - chooseStarted);

    const route = `/stations/bulk?${new URLSearchParams({ action: "reboot", selection })}`;
    const page = await (await session.fetch(route)).text();
    // The confirmation counts the stations acted on and skipped (it shows a page of each).
    const counted = (pattern: RegExp) => Number(pattern.exec(page)?.[1] ?? 0);
    const chosen = counted(/>(\d+) stations? will be rebooted</) + counted(/>(\d+) stations? (?:is|are) skipped</);
    const window = { concurrency: 1, durationMs: 10_000, maxRequests: 100 };
    const document = await measureRoute([session], route, window);
    const data = await measureRoute([session], dataUrlOf(route), window);
    const renderRatio = Math.round((document.p50 / Math.max(data.p50, 0.1)) * 10) / 10;
    console.log(
      `  confirmation of ${chosen} stations: document p50 ${document.p50} ms (p95 ${document.p95}), .data p50 ${data.p50} ms (${renderRatio}×)`,
    );

    const submissionId = hiddenValue(page, "submissionId");
    const digest = hiddenValue(page, "digest");
    if (!submissionId || !digest) throw new Error("the confirmation page has no submission id or digest");
    await faults(consoleProcess, { latencyMs: managerLatencyMs });
    const rebootStarted = performance.now();
    await postForm(session, route, { intent: "bulkReboot", selection, submissionId, digest });
    const reboot = {
      ms: Math.round(performance.now() - rebootStarted),
      managerLatencyMs,
      mostInFlight: (await faults(consoleProcess)).mostHeldRequests,
      bound: 8,
    };
    await faults(consoleProcess, { latencyMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const settledRssMegabytes = consoleProcess.rssMegabytes();
    console.log(
      `  reboot confirmed: ${reboot.ms} ms with ${managerLatencyMs} ms per Manager call, at most ${reboot.mostInFlight} in flight; RSS ${idleRssMegabytes} → ${peakRssMegabytes} MB, ${settledRssMegabytes} MB two seconds later`,
    );
    return {
      stations: stationCount,
      chosen,
      chooseAllMs,
      confirmation: { document, data, renderRatio },
      reboot,
      idleRssMegabytes,
      peakRssMegabytes,
      settledRssMegabytes,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchFleetBulk(): Promise<FleetBulkFigures> {
  console.log(`— fleet work: choosing all ${stationCount} stations and confirming a reboot…`);
  // The Manager in its own process, as in production: the console's RSS is its own.
  const simulator = await startSimulatorProcess({
    managerPort: await freePort(),
    identityPort: await freePort(),
    stations: stationCount,
  });
  try {
    // One process: the memory target is per process.
    const consoleProcess = await startConsoleProcess({
      port: await freePort(),
      simulator,
      env: { WEB_CONCURRENCY: "1" },
    });
    try {
      return await measure(consoleProcess);
    } finally {
      await consoleProcess.stop();
    }
  } finally {
    await simulator.stop();
  }
}

if (process.argv[1]?.endsWith("fleet-bulk.ts")) await benchFleetBulk();
