// The console's Node flags chosen by measurement (issue 37, item 1): each candidate runs one
// console process (WEB_CONCURRENCY=1, the flags apply per process) against the same simulator, at
// each fleet size: its RSS at idle, the p50 of the pages (one session), its RSS after 20 sessions
// load them, then the requests that read the whole venue, alone and all at once (the process must
// survive them: bench/heaviest-requests.ts). The table goes into bench/notes/memory.md between its
// markers. Run by `npm run bench` (BENCH_FLAGS=0 skips it), or alone with `npm run bench:flags`
// (BENCH_FLEETS, BENCH_SECONDS, BENCH_FLAG_CANDIDATES: names from the list below, comma-separated;
// BENCH_BUILD_DIR: a directory with another build/ and public/ to measure instead of this one).
import { readFileSync, writeFileSync } from "node:fs";
import { serverHeapFlags } from "../scripts/server-command.mjs";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess } from "../tests/support/processes";
import { freePort } from "../e2e/support/own-console";
import { benchMetricsToken } from "./event-loop";
import { heaviestRequestsOf, type HeaviestFigures } from "./heaviest-requests";
import { dataUrlOf, measureRoute } from "./http-load";
import { machineDescription } from "./report";

export interface FlagCandidate {
  name: string;
  flags: string[];
}

/** Heap limits, `--optimize-for-size` or not, the young generation's size; Node's defaults last. */
export const flagCandidates: FlagCandidate[] = [
  {
    name: "old 128 semi 8 optimize-for-size",
    flags: ["--max-old-space-size=128", "--max-semi-space-size=8", "--optimize-for-size"],
  },
  {
    name: "old 192 semi 8 optimize-for-size",
    flags: ["--max-old-space-size=192", "--max-semi-space-size=8", "--optimize-for-size"],
  },
  { name: "old 160 semi 8", flags: ["--max-old-space-size=160", "--max-semi-space-size=8"] },
  { name: "old 160 semi 16", flags: ["--max-old-space-size=160", "--max-semi-space-size=16"] },
  { name: "old 192 semi 8", flags: ["--max-old-space-size=192", "--max-semi-space-size=8"] },
  { name: "old 192 semi 16", flags: ["--max-old-space-size=192", "--max-semi-space-size=16"] },
  { name: "old 256 semi 16", flags: ["--max-old-space-size=256", "--max-semi-space-size=16"] },
  { name: "old 256 semi 32", flags: ["--max-old-space-size=256", "--max-semi-space-size=32"] },
  { name: "Node's defaults", flags: [] },
];

/** The pages whose p50 the table shows, and the load before the RSS after. */
const latencyRoutes = ["/stations", "/appView", "/moderation"];
const loadRoutes = [
  "/dashboard",
  "/stations",
  "/stations/MCS-0042",
  "/moderation/MCS-0043/1",
  "/appView",
  "/moderation",
];

export interface FlagFigures {
  candidate: string;
  flags: string[];
  stations: number;
  idleRssMegabytes: number;
  /** Per route: the document's and the `.data`'s p50 on one session, in ms. */
  p50: Array<{ route: string; document: number; data: number }>;
  /** The load's throughput summed over its routes' windows. */
  loadRequests: number;
  loadedRssMegabytes: number;
  heaviest: HeaviestFigures;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

export async function benchFlagCandidates(options: {
  fleets: number[];
  secondsPerRoute: number;
  candidates?: FlagCandidate[];
}): Promise<FlagFigures[]> {
  const candidates = options.candidates ?? flagCandidates;
  const figures: FlagFigures[] = [];
  for (const stations of options.fleets) {
    const simulator = await startSimulatorProcess({
      stations,
      managerPort: await freePort(),
      identityPort: await freePort(),
    });
    try {
      for (const candidate of candidates) {
        const consoleProcess = await startConsoleProcess({
          port: await freePort(),
          simulator,
          nodeFlags: candidate.flags,
          // Another build to measure (e.g. the one before a change), run from its directory.
          cwd: process.env.BENCH_BUILD_DIR,
          env: { WEB_CONCURRENCY: "1", METRICS_TOKEN: benchMetricsToken, LOG_LEVEL: "warn" },
        });
        try {
          await settle();
          const idleRssMegabytes = consoleProcess.rssMegabytes();
          const sessions: ConsoleSession[] = [];
          for (let session = 0; session < 20; session += 1)
            sessions.push(await signInToConsole(consoleProcess.url, "admin"));
          const window = { durationMs: options.secondsPerRoute * 1000, maxRequests: 2000 };
          const p50: FlagFigures["p50"] = [];
          for (const route of latencyRoutes) {
            const document = await measureRoute(sessions, route, { ...window, concurrency: 1 });
            const data = await measureRoute(sessions, dataUrlOf(route), { ...window, concurrency: 1 });
            p50.push({ route, document: document.p50, data: data.p50 });
          }
          let loadRequests = 0;
          for (const route of loadRoutes) {
            const load = await measureRoute(sessions, route, { ...window, concurrency: 20, maxRequests: 20_000 });
            loadRequests += load.requests;
          }
          const loadedRssMegabytes = consoleProcess.rssMegabytes();
          const heaviest = await heaviestRequestsOf(consoleProcess, sessions);
          const entry = {
            candidate: candidate.name,
            flags: candidate.flags,
            stations,
            idleRssMegabytes,
            p50,
            loadRequests,
            loadedRssMegabytes,
            heaviest,
          };
          console.log(`  ${stations} stations, ${candidate.name}: ${summaryOf(entry)}`);
          figures.push(entry);
        } finally {
          await consoleProcess.stop();
        }
      }
    } finally {
      await simulator.stop();
    }
  }
  return figures;
}

function summaryOf(entry: FlagFigures) {
  const pages = entry.p50.map(({ route, document, data }) => `${route} ${document} / ${data} ms`).join(", ");
  const alone = entry.heaviest.alone
    .map(({ path, ms, status, peakRssMegabytes }) => `${path} ${status} in ${ms} ms, ${peakRssMegabytes} MB`)
    .join("; ");
  return (
    `idle ${entry.idleRssMegabytes} MB, ${pages}, after the load ${entry.loadedRssMegabytes} MB; ` +
    `the heaviest alone: ${alone}; all at once twice: peak ${entry.heaviest.together.peakRssMegabytes} MB, ` +
    `${entry.heaviest.together.failed} failed${entry.heaviest.survived ? "" : " (DID NOT SURVIVE)"}`
  );
}

const code = (text: string) => `\`${text}\``;

/** The candidates' table (production's flags named above it). */
export function flagTable(figures: FlagFigures[]) {
  const lines = [
    `Production's flags: ${code(serverHeapFlags.join(" ") || "(none)")}.`,
    "",
    `| stations | flags | RSS idle (MB) | ${latencyRoutes.map((route) => `${code(route)} p50 document / ${code(".data")} (ms)`).join(" | ")} | RSS after the load (MB) | the heaviest requests at once: peak RSS (MB) | survived |`,
    `|---|---|---|${latencyRoutes.map(() => "---|").join("")}---|---|---|`,
  ];
  for (const entry of figures) {
    const pages = latencyRoutes.map((route) => {
      const page = entry.p50.find((candidate) => candidate.route === route);
      return page ? `${page.document} / ${page.data}` : "–";
    });
    lines.push(
      `| ${entry.stations} | ${code(entry.flags.join(" ") || "(none)")} | ${entry.idleRssMegabytes} | ${pages.join(" | ")} | ${entry.loadedRssMegabytes} | ${entry.heaviest.together.peakRssMegabytes} | ${entry.heaviest.survived ? "yes" : "**no**"} |`,
    );
  }
  return lines.join("\n");
}

const start = "<!-- flags:start -->";
const end = "<!-- flags:end -->";

/** Puts the table into bench/notes/memory.md between its markers, with when and where it ran. */
export function writeFlagTable(table: string, ranAt: string, load: string) {
  const path = "bench/notes/memory.md";
  const notes = readFileSync(path, "utf8");
  if (!notes.includes(start) || !notes.includes(end)) return;
  const heading = `Ran ${ranAt} on ${machineDescription()} (${load}); one console process (\`WEB_CONCURRENCY=1\`) per candidate, the simulator apart.`;
  writeFileSync(
    path,
    `${notes.slice(0, notes.indexOf(start) + start.length)}\n${heading}\n\n${table}\n${notes.slice(notes.indexOf(end))}`,
  );
}

if (process.argv[1]?.endsWith("flag-candidates.ts")) {
  const fleets = (process.env.BENCH_FLEETS ?? "1000,5000").split(",").map(Number);
  const chosen = process.env.BENCH_FLAG_CANDIDATES?.split(",");
  const candidates = chosen ? flagCandidates.filter((candidate) => chosen.includes(candidate.name)) : flagCandidates;
  const ranAt = new Date().toISOString();
  const figures = await benchFlagCandidates({
    fleets,
    secondsPerRoute: Number(process.env.BENCH_SECONDS ?? 3),
    candidates,
  });
  const table = flagTable(figures);
  console.log(`\n${table}`);
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  writeFlagTable(table, ranAt, `load average ${load} at the end`);
}
