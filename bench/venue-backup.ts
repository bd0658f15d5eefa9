// The venue backup and the restore preview of 1,000 stations (issue 29, Measure): server time
// p50/p95 over a few runs, the Manager calls each made and the most in flight at once (from the
// console's own "manager call" log lines: each ends at its time and lasted its durationMs), and the
// console's RSS while it works. One console process (WEB_CONCURRENCY=1) so its RSS is the whole
// console; the simulator runs apart, outside the figure. Run by `npm run bench`, or alone with
// `npx tsx bench/venue-backup.ts`; BENCH_VENUE_PROFILE=<dir> runs the console with `node --cpu-prof`
// (bench/profile-summary.ts reads the profile).
import { dataUrlOf } from "./http-load";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { serverHeapFlags } from "../scripts/server-command.mjs";
import { startConsoleProcess, startSimulatorProcess, type ConsoleProcess } from "../tests/support/processes";
import { freePort } from "../e2e/support/own-console";

export interface VenueBackupStep {
  p50: number;
  p95: number;
  megabytes: number;
  managerCalls: number;
  maxManagerCallsInFlight: number;
  idleRssMegabytes: number;
  peakRssMegabytes: number;
}

export interface VenueBackupFigures {
  stations: number;
  download: VenueBackupStep;
  preview: VenueBackupStep;
  /** The same preview as single fetch data: the work without the page's HTML. */
  previewData: VenueBackupStep;
}

const stationCount = Number(process.env.BENCH_VENUE_STATIONS ?? 1000);
const runs = 5;
const profileDirectory = process.env.BENCH_VENUE_PROFILE;

interface CallLine {
  end: number;
  start: number;
}

/** The Manager calls logged since `from` (a character offset into the console's output). */
function callsSince(consoleProcess: ConsoleProcess, from: number): CallLine[] {
  const calls: CallLine[] = [];
  for (const line of consoleProcess.output().slice(from).split("\n")) {
    if (!line.includes('"managerCall"')) continue;
    try {
      const entry = JSON.parse(line) as { time: string; managerCall: { durationMs: number } };
      const end = Date.parse(entry.time);
      calls.push({ end, start: end - entry.managerCall.durationMs });
    } catch {
      // A line cut by the pipe: not a call to count.
    }
  }
  return calls;
}

/**
 * The most intervals overlapping at any moment. The log's times have millisecond resolution, so a
 * call that starts within a millisecond of another's end counts as after it, not beside it.
 */
function mostAtOnce(calls: CallLine[]): number {
  const edges = calls.flatMap((call) => [
    { at: call.start + 1, step: 1 },
    { at: call.end, step: -1 },
  ]);
  // An end before a start at the same moment: back-to-back calls are not at once.
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (now += edge.step));
  return most;
}

async function measureStep(
  consoleProcess: ConsoleProcess,
  request: () => Promise<Response>,
): Promise<VenueBackupStep & { text: string }> {
  const idleRssMegabytes = consoleProcess.rssMegabytes();
  const times: number[] = [];
  let peak = idleRssMegabytes;
  let text = "";
  let managerCalls = 0;
  let maxInFlight = 0;
  for (let run = 0; run < runs; run += 1) {
    const from = consoleProcess.output().length;
    const sampler = setInterval(() => (peak = Math.max(peak, consoleProcess.rssMegabytes())), 20);
    const started = performance.now();
    const response = await request();
    text = await response.text();
    times.push(performance.now() - started);
    clearInterval(sampler);
    if (response.status !== 200) throw new Error(`answered ${response.status}: ${text.slice(0, 200)}`);
    // The log lines of the last calls may still be on their way through the pipe.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const calls = callsSince(consoleProcess, from);
    managerCalls = calls.length;
    maxInFlight = Math.max(maxInFlight, mostAtOnce(calls));
  }
  times.sort((a, b) => a - b);
  return {
    p50: Math.round(times[Math.floor(runs / 2)]!),
    p95: Math.round(times[runs - 1]!),
    megabytes: Math.round(text.length / 1024 / 102.4) / 10,
    managerCalls,
    maxManagerCallsInFlight: maxInFlight,
    idleRssMegabytes,
    peakRssMegabytes: peak,
    text,
  };
}

function describe(name: string, step: VenueBackupStep) {
  console.log(
    `  ${name}: p50 ${step.p50} ms, p95 ${step.p95} ms, ${step.megabytes} MB; ${step.managerCalls} Manager calls, at most ${step.maxManagerCallsInFlight} in flight; RSS ${step.idleRssMegabytes} → ${step.peakRssMegabytes} MB`,
  );
}

async function measure(consoleProcess: ConsoleProcess, session: ConsoleSession): Promise<VenueBackupFigures> {
  const { text: backup, ...download } = await measureStep(consoleProcess, () =>
    session.fetch("/settings/backup/download?pins=1"),
  );
  describe("backup download", download);
  // The upload is kept on the server and answered with a redirect to its preview (issue 33): the
  // preview is that page, read again as an admin reloading it would.
  const form = new FormData();
  form.append("backup", new Blob([backup], { type: "application/json" }), "venue-backup.json");
  form.append("intent", "preview");
  const upload = await session.fetch("/settings/restore", { method: "POST", body: form });
  const location = upload.headers.get("location");
  if (upload.status !== 303 || !location) throw new Error(`the upload answered ${upload.status}`);
  const { text: _page, ...preview } = await measureStep(consoleProcess, () => session.fetch(location));
  describe("restore preview", preview);
  const { text: _data, ...previewData } = await measureStep(consoleProcess, () => session.fetch(dataUrlOf(location)));
  describe("restore preview (.data)", previewData);
  return { stations: stationCount, download, preview, previewData };
}

export async function benchVenueBackup(): Promise<VenueBackupFigures> {
  console.log(`— venue backup and restore preview of ${stationCount} stations…`);
  const simulator = await startSimulatorProcess({
    stations: stationCount,
    managerPort: await freePort(),
    identityPort: await freePort(),
  });
  try {
    const consoleProcess = await startConsoleProcess({
      port: await freePort(),
      simulator,
      captureOutput: true,
      nodeFlags: profileDirectory
        ? [...serverHeapFlags, "--cpu-prof", `--cpu-prof-dir=${profileDirectory}`]
        : undefined,
      env: { WEB_CONCURRENCY: "1" },
    });
    try {
      const session = await signInToConsole(consoleProcess.url, "admin");
      return await measure(consoleProcess, session);
    } finally {
      await consoleProcess.stop();
    }
  } finally {
    await simulator.stop();
  }
}

if (process.argv[1]?.endsWith("venue-backup.ts")) await benchVenueBackup();
