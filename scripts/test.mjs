// npm test (and npm run test:quick with --quick): the build once, then two lanes at the same time,
// one per core (docs/decisions/067-one-walk-per-page-state.md):
//   browsers — Playwright's js, nojs and partial-js projects (quick: the page walk with JavaScript
//              and without), its output as it comes;
//   the rest — lint, Prettier, tsc, vitest, then Playwright's api project on a console of its own
//              (ports E2E_CONSOLE_PORT/E2E_SIMULATOR_PORT + 5), at a lower priority so that it
//              takes only what the browsers leave (quick: no api project);
// then, alone on the machine, the api-timed project: the specs whose figures are times (a console's
// answers while it works against its answers idle), which the other lane's load would make.
// A second browser lane was tried and dropped: two browsers with their consoles on 2 cores took
// longer than one after the other (docs/decisions/067-one-walk-per-page-state.md).
// Each part of the second lane prints its output in one block when it ends. Every part runs
// whatever another's result; the run fails if any part failed, and ends with a table of the parts
// and the lines that sum up the tests skipped for a missing system program.
import { spawn } from "node:child_process";

const quick = process.argv.includes("--quick");
const consolePort = Number(process.env.E2E_CONSOLE_PORT ?? 3190);
const simulatorPort = Number(process.env.E2E_SIMULATOR_PORT ?? 5190);

const browserProjects = quick
  ? ["e2e/page-walk.js-only.spec.ts", "e2e/page-walk.nojs-only.spec.ts", "--project=js", "--project=nojs"]
  : ["--project=js", "--project=nojs", "--project=partial-js"];

/** The second lane, in order. */
const restLane = [
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "format:check", command: ["npm", "run", "format:check"] },
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "unit", command: ["npm", "run", "test:unit"] },
  ...(quick
    ? []
    : [
        {
          name: "e2e api",
          command: ["npx", "playwright", "test", "--project=api"],
          env: {
            // Its own console and simulator, beside the browsers' ones; its own output directory,
            // which Playwright empties when it starts.
            E2E_CONSOLE_PORT: String(consolePort + 5),
            E2E_SIMULATOR_PORT: String(simulatorPort + 5),
            E2E_OUTPUT_DIR: "test-results/api",
          },
        },
      ]),
];

const children = new Set();
const results = [];

const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}`;

/** Runs a part; its output goes line by line to `onLine` (stdout and stderr together). */
function run({ name, command, env = {}, nice = false }, onLine) {
  const started = Date.now();
  const [program, ...args] = nice ? ["nice", "-n", "10", ...command] : command;
  const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let rest = { stdout: "", stderr: "" };
  for (const stream of ["stdout", "stderr"]) {
    child[stream].setEncoding("utf8");
    child[stream].on("data", (text) => {
      const lines = (rest[stream] + text).split("\n");
      rest[stream] = lines.pop();
      lines.forEach(onLine);
    });
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      children.delete(child);
      for (const stream of ["stdout", "stderr"]) if (rest[stream]) onLine(rest[stream]);
      const result = { name, passed: code === 0, code: code ?? signal, ms: Date.now() - started };
      results.push(result);
      resolve(result);
    });
  });
}

const write = (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
const skipLines = [];
const noteSkips = (name) => (line) => {
  if (line.startsWith("Skipped for missing programs:")) skipLines.push(`${name}: ${line}`);
};

async function streamed(part) {
  write(`\n━━ ${part.name} ━━`);
  const result = await run(part, (line) => {
    noteSkips(part.name)(line);
    write(line);
  });
  write(`━━ ${part.name}: ${result.passed ? "passed" : `FAILED (${result.code})`} in ${minutes(result.ms)} ━━\n`);
  return result;
}

async function buffered(part) {
  const lines = [];
  const result = await run(part, (line) => {
    noteSkips(part.name)(line);
    lines.push(line);
  });
  // One write, so the block never splits the other lane's lines.
  write(
    [
      "",
      `━━ ${part.name}: ${result.passed ? "passed" : `FAILED (${result.code})`} in ${minutes(result.ms)} ━━`,
      ...lines,
      `━━ end of ${part.name} ━━`,
      "",
    ].join("\n"),
  );
  return result;
}

for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });

const started = Date.now();
const build = await streamed({ name: "build", command: ["npm", "run", "build"] });
if (build.passed) {
  write(
    `\nRunning the browsers (${browserProjects.join(" ")}) beside ${restLane.map((part) => part.name).join(", ")}; ` +
      "each of those prints its output when it ends.",
  );
  await Promise.all([
    streamed({
      name: "e2e browsers",
      command: ["npx", "playwright", "test", ...browserProjects],
      env: { E2E_OUTPUT_DIR: "test-results/browsers" },
    }),
    (async () => {
      for (const part of restLane) await buffered({ ...part, nice: true });
    })(),
  ]);
}

// Once both lanes are done: times measured on a machine that does nothing else.
if (build.passed && !quick)
  await streamed({
    name: "e2e api-timed",
    command: ["npx", "playwright", "test", "--project=api-timed"],
    env: { E2E_OUTPUT_DIR: "test-results/api-timed" },
  });

const failed = results.filter((result) => !result.passed);
write(`\n${quick ? "npm run test:quick" : "npm test"}: ${minutes(Date.now() - started)} in all`);
for (const result of results)
  write(`  ${result.name.padEnd(14)} ${result.passed ? "passed" : `FAILED (${result.code})`}  ${minutes(result.ms)}`);
write(
  "JSON reports: test-results/browsers/report.json" +
    (quick ? "" : ", test-results/api/report.json, test-results/api-timed/report.json"),
);
for (const line of skipLines) write(line);
process.exitCode = failed.length > 0 || !build.passed ? 1 : 0;
