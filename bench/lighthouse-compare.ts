// Lighthouse before and after a change, back to back: one simulator (1,000 stations), one console
// serving an earlier build (BENCH_COMPARE_BEFORE: a directory with its `build/`, `public/` and
// `package.json`, `node_modules` linked) and one serving this directory's build, run after run in
// turn so both see the same load on the machine. Prints every run — score, FCP, LCP, TBT and how
// many requests Lantern may count as blocking the first paint (the chunk race of
// bench/notes/lighthouse.md) — and the medians per route and build.
//   BENCH_COMPARE_BEFORE=/tmp/before BENCH_LIGHTHOUSE_RUNS=3 npx tsx bench/lighthouse-compare.ts
// BENCH_CONSOLE_PORT / BENCH_SIMULATOR_PORT fix the ports, BENCH_LIGHTHOUSE_REPORTS keeps the
// reports, BENCH_ROUTES (comma-separated) picks the routes.
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, startSimulatorProcess, type ConsoleProcess } from "../tests/support/processes";
import { freePort } from "../e2e/support/own-console";
import { launchLighthouseChrome, lighthouseRun } from "./lighthouse";
import { figuresOf, firstPaintRace, routeFigures, type LighthouseSample } from "./lighthouse-figures";

const before = process.env.BENCH_COMPARE_BEFORE;
if (!before) throw new Error("BENCH_COMPARE_BEFORE: the directory of the build to compare with");
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const routes = (process.env.BENCH_ROUTES ?? "/dashboard,/stations,/stations/MCS-0042,/moderation/MCS-0043/1,/appView")
  .split(",")
  .filter(Boolean);
const port = (name: string) => (process.env[name] ? Number(process.env[name]) : freePort());

const simulator = await startSimulatorProcess({
  stations: Number(process.env.BENCH_STATIONS ?? 1000),
  managerPort: await port("BENCH_SIMULATOR_PORT"),
  identityPort: await freePort(),
});
const builds: Array<{ name: string; console: ConsoleProcess; session?: ConsoleSession }> = [];
const chrome = await launchLighthouseChrome();
try {
  builds.push({
    name: "before",
    console: await startConsoleProcess({ port: await freePort(), simulator, cwd: before }),
  });
  builds.push({
    name: "after",
    console: await startConsoleProcess({ port: await port("BENCH_CONSOLE_PORT"), simulator }),
  });
  for (const build of builds) build.session = await signInToConsole(build.console.url, "admin");

  const samples = new Map<string, LighthouseSample[]>();
  const failures = new Map<string, string[]>();
  for (let run = 1; run <= runs; run += 1) {
    for (const route of routes) {
      for (const build of run % 2 ? builds : [...builds].reverse()) {
        const key = `${build.name} ${route}`;
        const lhr = await lighthouseRun(
          chrome.port,
          `${build.console.url}${route}`,
          build.session!.cookie,
          `${build.name}${route.replaceAll("/", "_")}-${run}`,
        );
        const sample = figuresOf(lhr);
        const race = firstPaintRace(lhr);
        const blocking = race
          ? `observed FCP ${race.observedFcpMs} ms, before it ${race.blocking.length} blocking-priority requests` +
            ` (${race.blocking.filter((request) => request.resourceType === "Script").length} scripts)`
          : "no network figures";
        if ("failure" in sample) {
          failures.set(key, [...(failures.get(key) ?? []), sample.failure]);
          console.log(`${key} run ${run}: no figures — ${sample.failure}`);
        } else {
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          console.log(
            `${key} run ${run}: ${sample.score} FCP ${sample.fcpMs} LCP ${sample.lcpMs} TBT ${sample.tbtMs}; ${blocking}`,
          );
        }
      }
    }
  }

  console.log("\n| route | before: score / FCP / LCP / TBT | after: score / FCP / LCP / TBT | runs before → after |");
  console.log("|---|---|---|---|");
  for (const route of routes) {
    const cells = builds.map((build) => {
      const key = `${build.name} ${route}`;
      const page = routeFigures(route, samples.get(key) ?? [], failures.get(key) ?? []);
      return page.score === null ? "no figures" : `${page.score} / ${page.fcpMs} / ${page.lcpMs} / ${page.tbtMs} ms`;
    });
    const each = builds
      .map((build) =>
        (samples.get(`${build.name} ${route}`) ?? []).map((s) => `${s.score}/${s.fcpMs}/${s.tbtMs}`).join(" "),
      )
      .join(" → ");
    console.log(`| \`${route}\` | ${cells.join(" | ")} | ${each} |`);
  }
} finally {
  chrome.kill();
  for (const build of builds) await build.console.stop();
  await simulator.stop();
}
