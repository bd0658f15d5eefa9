// The production image without a container runtime (docs/decisions/044-deployment-example.md):
// the Dockerfile's runtime stage is read and followed — its COPY lines assemble a directory from
// the repository's build and sources (minus .dockerignore), its `npm ci --omit=dev` installs
// there, its CMD starts the console there with its ENV — next to the standalone simulator run
// from the same files as compose.yaml runs it. A file the image lacks, a dependency only
// installed for development or a wrong CMD fails here.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverArguments, serverEnvironment } from "../../scripts/server-command.mjs";
import { freePort } from "../../e2e/support/own-console";
import { signInToConsole } from "../support/console-session";
import { ensureProductionBuild } from "../support/production-build";
import {
  command,
  copies,
  dockerIgnored,
  environment,
  healthCheck,
  instructions,
  parseDockerfile,
  parseDockerIgnore,
  workingDirectory,
  type Stage,
} from "../support/dockerfile";

const root = process.cwd();
const stages = parseDockerfile(readFileSync(join(root, "Dockerfile"), "utf8"));
const runtime = stages.at(-1)!;
const ignored = parseDockerIgnore(readFileSync(join(root, ".dockerignore"), "utf8"));
// compose.yaml's simulator service (checked against the file below).
const simulatorCommand = ["node", "--import", "tsx", "simulator/main.ts"];

/** A container's environment: only what the image and the deployment set. */
type Environment = Record<string, string | undefined>;

function copyInto(image: string, stage: Stage) {
  const imageDirectory = workingDirectory(stages, stage);
  for (const copy of copies(stage)) {
    const destination = join(image, relative(imageDirectory, resolve(imageDirectory, copy.destination)));
    for (const source of copy.sources) {
      let from: string;
      if (copy.from === null) {
        from = join(root, source);
      } else {
        const built = stages.find((candidate) => candidate.name === copy.from);
        if (!built) throw new Error(`COPY --from=${copy.from}: no such stage`);
        const builtDirectory = workingDirectory(stages, built);
        if (!source.startsWith(`${builtDirectory}/`))
          throw new Error(`COPY --from=${copy.from} ${source}: outside the build's ${builtDirectory}`);
        from = join(root, relative(builtDirectory, source));
      }
      if (!existsSync(from)) throw new Error(`COPY ${source}: not in the ${copy.from ?? "build context"}`);
      const target =
        statSync(from).isDirectory() || !(copy.destination.endsWith("/") || copy.sources.length > 1)
          ? destination
          : join(destination, basename(from));
      cpSync(from, target, {
        recursive: true,
        filter: (path) => copy.from !== null || !dockerIgnored(ignored, relative(root, path)),
      });
    }
  }
}

/** The runtime stage's RUN lines, each step mirrored or named as not applying outside a container. */
function run(image: string, text: string, env: Environment) {
  for (const step of text.split("&&").map((part) => part.trim())) {
    if (/^npm cache clean\b/.test(step) || /^chown\b/.test(step)) continue; // the machine's cache; no container user here
    if (/^(npm ci|mkdir)\b/.test(step)) {
      // The npm cache of this machine, as the image's build would have a warm layer cache.
      const line = step.startsWith("npm ci") ? `${step} --prefer-offline` : step;
      const result = spawnSync("sh", ["-c", line], { cwd: image, env: env as NodeJS.ProcessEnv, encoding: "utf8" });
      if (result.status !== 0) throw new Error(`RUN ${step} failed:\n${result.stdout}\n${result.stderr}`);
      continue;
    }
    throw new Error(
      `this test does not know how to mirror RUN ${step}: teach run() in ${basename(import.meta.filename)}`,
    );
  }
}

function assemble(image: string, env: Environment) {
  for (const instruction of runtime.instructions) {
    if (instruction.keyword === "COPY") copyInto(image, { ...runtime, instructions: [instruction] });
    if (instruction.keyword === "RUN") run(image, instruction.text, env);
  }
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(argv: string[], cwd: string, env: Environment): Started {
  // The image's `node` is this machine's node (both 24).
  const [program, ...args] = argv;
  const child = spawn(program === "node" ? process.execPath : program!, args, { cwd, env: env as NodeJS.ProcessEnv });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(url: string, process: Started, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null)
      throw new Error(`${what} exited with ${process.child.exitCode}:\n${process.output()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} in time:\n${process.output()}`);
}

/** SIGTERM, as `docker stop` sends; a process still running after 10 s is killed and named. */
async function stop(process: Started | undefined, what: string) {
  if (!process || process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill("SIGTERM");
  const stopped = await Promise.race([
    process.exited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
  ]);
  if (stopped) return;
  process.child.kill("SIGKILL");
  await process.exited;
  throw new Error(`${what} did not stop within 10 s of SIGTERM:\n${process.output()}`);
}

describe("the production image's file set (Dockerfile runtime stage, no container runtime)", () => {
  let image = "";
  let simulator: Started | undefined;
  let consoleProcess: Started | undefined;
  let consoleUrl = "";
  let containerEnv: Environment = {};

  beforeAll(async () => {
    // What the build stage leaves in its working directory is what `npm run build` leaves here.
    ensureProductionBuild();
    image = mkdtempSync(join(tmpdir(), "station-console-image-"));
    // What a container has: the image's ENV, no developer's environment.
    const base = { PATH: process.env.PATH, HOME: process.env.HOME, ...environment(runtime) };
    assemble(image, base);

    const [consolePort, managerPort, identityPort] = [await freePort(), await freePort(), await freePort()];
    // As compose.yaml: the issuer is an address other than the listening one (localhost there
    // standing in for identity.localhost).
    const issuer = `http://localhost:${identityPort}`;
    simulator = start(simulatorCommand, image, {
      ...base,
      SIMULATOR_HOST: "127.0.0.1",
      SIMULATOR_MANAGER_PORT: String(managerPort),
      SIMULATOR_IDENTITY_PORT: String(identityPort),
      SIMULATOR_ISSUER: issuer,
      SIMULATOR_AUTONOMOUS: "false",
      SIMULATOR_STATIONS: "3",
    });
    await waitFor(`${issuer}/.well-known/openid-configuration`, simulator, "the simulator");

    consoleUrl = `http://127.0.0.1:${consolePort}`;
    containerEnv = {
      ...base,
      PORT: String(consolePort),
      HOST: "127.0.0.1",
      MANAGER_URL: `http://127.0.0.1:${managerPort}`,
      IDENTITY_PROVIDER: "oidc",
      OIDC_ISSUER: issuer,
      AUTH_CLIENT_ID: "station-console",
      AUTH_CLIENT_SECRET: "station-console-development-secret",
      SESSION_SECRET: "production-image-test-secret-0123456789abcdef",
      PUBLIC_URL: consoleUrl,
      METRICS_TOKEN: "production-image-metrics-token",
    };
    consoleProcess = start(command(runtime), image, containerEnv);
    await waitFor(`${consoleUrl}/healthz`, consoleProcess, "the console");
  }, 300_000);

  afterAll(async () => {
    try {
      await stop(consoleProcess, "the console");
      await stop(simulator, "the simulator");
    } finally {
      // A node_modules tree: slow to remove on a busy machine.
      if (image) await rm(image, { recursive: true, force: true });
    }
  }, 120_000);

  it("starts with exactly the production start command, as compose starts the simulator", () => {
    expect(command(runtime)).toEqual(["node", ...serverArguments]);
    expect(environment(runtime)).toMatchObject(serverEnvironment);
    expect(readFileSync(join(root, "compose.yaml"), "utf8")).toContain(
      `command: ${JSON.stringify(simulatorCommand).replaceAll(",", ", ")}`,
    );
  });

  it("runs on Node 24 as a user other than root, and checks /healthz", () => {
    const first = stages.find((stage) => !stages.some((other) => other.name === stage.base))!;
    expect(first.base).toMatch(/^node:24[.-]/);
    expect(instructions(runtime, "USER").at(-1)).toMatch(/^(?!root\b|0\b)\S+$/);
    expect(healthCheck(runtime).join(" ")).toContain("/healthz");
  });

  it("holds the production dependencies only, and no tests", () => {
    expect(instructions(runtime, "RUN").some((text) => /\bnpm ci --omit=dev\b/.test(text))).toBe(true);
    expect(existsSync(join(image, "node_modules", "pino"))).toBe(true);
    expect(existsSync(join(image, "node_modules", "vitest"))).toBe(false);
    expect(existsSync(join(image, "simulator", "main.ts"))).toBe(true);
    expect(existsSync(join(image, "tests"))).toBe(false);
    expect(existsSync(join(image, "app", "domain", "firmware.ts"))).toBe(true);
    expect(existsSync(join(image, "app", "domain", "firmware.test.ts"))).toBe(false);
  });

  it("is ready, renders the sign-in page and signs in through the standalone simulator", async () => {
    const ready = await fetch(`${consoleUrl}/readyz`);
    expect(ready.status).toBe(200);

    const login = await fetch(`${consoleUrl}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toMatch(/<form[^>]*action="\/login"/);

    const session = await signInToConsole(consoleUrl, "admin");
    const stations = await session.fetch("/stations");
    expect(stations.status).toBe(200);
    expect(await stations.text()).toContain("<table");

    const metrics = await fetch(`${consoleUrl}/metrics`, {
      headers: { authorization: `Bearer ${containerEnv.METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("process_resident_memory_bytes");
  });

  it("passes its HEALTHCHECK while serving and fails it once stopped", async () => {
    const [program, ...args] = healthCheck(runtime);
    const check = () =>
      spawnSync(program === "node" ? process.execPath : program!, args, {
        cwd: image,
        env: containerEnv as NodeJS.ProcessEnv,
      }).status;
    expect(check()).toBe(0);

    consoleProcess!.child.kill("SIGTERM");
    expect(await consoleProcess!.exited).toBe(0);
    expect(check()).not.toBe(0);
  });
});
