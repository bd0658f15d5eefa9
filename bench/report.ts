// The benchmark's table: printed, written to bench/results.json and put into the README
// between the bench markers.
import { cpus, totalmem } from "node:os";
import { readFileSync, writeFileSync } from "node:fs";

export interface BenchResults {
  ranAt: string;
  machine: string;
  fleets: Array<{
    stations: number;
    routes: Array<{ route: string; c1: Record<string, number>; c20: Record<string, number> }>;
    pushToScreen: { changes: number; p50: number; p95: number; max: number };
    burst: { updates: number; revalidations: number; maxPerSecond: number };
    consoleRssMegabytes: number;
  }>;
  javaScript: Array<{ route: string; raw: number; gzip: number; brotli: number }>;
  css: { raw: number; gzip: number; brotli: number };
}

export function machineDescription() {
  const cpu = cpus()[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function renderTable(results: BenchResults): string {
  const lines: string[] = [];
  lines.push(`Ran ${results.ranAt} on ${results.machine}, loopback, production build.`, "");
  for (const fleet of results.fleets) {
    lines.push(`**${fleet.stations} stations** — server render (ms) and throughput`, "");
    lines.push("| route | 1 session p50 / p95 / p99 | req/s | 20 sessions p50 / p95 / p99 | req/s |");
    lines.push("|---|---|---|---|---|");
    for (const route of fleet.routes) {
      lines.push(
        `| \`${route.route}\` | ${route.c1.p50} / ${route.c1.p95} / ${route.c1.p99} | ${route.c1.throughput} | ${route.c20.p50} / ${route.c20.p95} / ${route.c20.p99} | ${route.c20.throughput} |`,
      );
    }
    lines.push(
      "",
      `Push to screen (${fleet.pushToScreen.changes} changes): p50 ${fleet.pushToScreen.p50} ms, p95 ${fleet.pushToScreen.p95} ms. ` +
        `Burst of ${fleet.burst.updates} station updates in 1 s: ${fleet.burst.revalidations} revalidations, at most ${fleet.burst.maxPerSecond} in any second. ` +
        `Console memory after the load: ${fleet.consoleRssMegabytes} MB RSS.`,
      "",
    );
  }
  lines.push("JavaScript loaded before hydration, per route (heaviest first):", "");
  lines.push("| route | raw | gzip | brotli |", "|---|---|---|---|");
  for (const route of results.javaScript) lines.push(`| \`${route.route}\` | ${kb(route.raw)} | ${kb(route.gzip)} | ${kb(route.brotli)} |`);
  lines.push("", `CSS in all: ${kb(results.css.raw)} raw, ${kb(results.css.gzip)} gzip, ${kb(results.css.brotli)} brotli.`);
  lines.push("", "Against the targets:", "", "| target | measured | met |", "|---|---|---|");
  for (const target of targetsMet(results)) lines.push(`| ${target.target} | ${target.measured} | ${target.met ? "yes" : "**no**"} |`);
  return lines.join("\n");
}

/** The targets; reported, never asserted. */
export function targetsMet(results: BenchResults) {
  const largest = results.fleets.reduce<BenchResults["fleets"][number] | undefined>(
    (largest, fleet) => (fleet.stations > (largest?.stations ?? -1) ? fleet : largest),
    undefined,
  );
  const stationsP95 = largest?.routes.find((route) => route.route === "/stations")?.c1.p95 ?? Number.NaN;
  const heaviest = Math.max(...results.javaScript.map((route) => route.gzip));
  const pushP95 = Math.max(...results.fleets.map((fleet) => fleet.pushToScreen.p95));
  const burstPerSecond = Math.max(...results.fleets.map((fleet) => fleet.burst.maxPerSecond));
  return [
    { target: `\`/stations\` with ${largest?.stations ?? "?"} stations, 1 session, p95 ≤ 50 ms`, measured: `${stationsP95} ms`, met: stationsP95 <= 50 },
    { target: "heaviest route ≤ 150 KB gzipped JavaScript", measured: kb(heaviest), met: heaviest <= 150 * 1024 },
    { target: "push to screen p95 ≤ 250 ms", measured: `${pushP95} ms`, met: pushP95 <= 250 },
    { target: "≤ 3 revalidations per second under the burst", measured: `${burstPerSecond}/s`, met: burstPerSecond <= 3 },
  ];
}

export function writeResults(results: BenchResults) {
  writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  const table = renderTable(results);
  const readme = readFileSync("README.md", "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  if (readme.includes(start) && readme.includes(end)) {
    const updated = `${readme.slice(0, readme.indexOf(start) + start.length)}\n${table}\n${readme.slice(readme.indexOf(end))}`;
    writeFileSync("README.md", updated);
  }
  return table;
}
