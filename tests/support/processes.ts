// The console and the simulator as separate operating-system processes on loopback, as they run
// in production: the bench measures the console alone, and the restart test kills it for real.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverEntry, serverEnvironment, serverHeapFlags } from "../../scripts/server-command.mjs";

export interface RunningProcess {
  url: string;
  pid: number;
  /** Resident memory of the process and its children (tsx's esbuild service, workers), in MB. */
  rssMegabytes(): number;
  /** The same, process by process (a primary and its workers), in MB. */
  rssPerProcess(): Array<{ pid: number; megabytes: number }>;
  /** CPU time (user + system) the process and its living children have used so far, in ms. */
  cpuMilliseconds(): number;
  /** What it wrote to stdout so far (its log lines), when started with `captureOutput`. */
  output(): string;
  /** Sends the process a signal (stop() sends SIGTERM and waits). */
  signal(signal: NodeJS.Signals): void;
  /** The process's exit code once it has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface SimulatorProcess extends RunningProcess {
  identityUrl: string;
}

export interface ConsoleProcess extends RunningProcess {
  /** Where the simulator's Manager and its test controls answer. */
  simulatorUrl: string;
  /** The identity provider's issuer, for signing in without a browser. */
  issuer: string;
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssKilobytes(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** utime + stime from /proc/<pid>/stat, in ms (clock ticks are 100 per second on Linux). */
export function cpuMillisecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

const megabytes = (kilobytes: number) => Math.round(kilobytes / 1024);

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer at ${url} in time`);
}

function running(child: ChildProcess, url: string, cleanUp: () => void): RunningProcess {
  let output = "";
  child.stdout?.on("data", (part: Buffer) => (output += part.toString()));
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  return {
    url,
    pid: child.pid!,
    rssMegabytes: () => megabytes(processTree(child.pid!).reduce((sum, pid) => sum + rssKilobytes(pid), 0)),
    rssPerProcess: () => processTree(child.pid!).map((pid) => ({ pid, megabytes: megabytes(rssKilobytes(pid)) })),
    cpuMilliseconds: () => processTree(child.pid!).reduce((sum, pid) => sum + cpuMillisecondsOf(pid), 0),
    output: () => output,
    signal: (signal) => child.kill(signal),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      cleanUp();
    },
  };
}

function temporaryDirectory(prefix: string, given?: string) {
  if (given !== undefined) return { directory: given, cleanUp: () => {} };
  const directory = mkdtempSync(join(tmpdir(), prefix));
  return { directory, cleanUp: () => rmSync(directory, { recursive: true, force: true }) };
}

export interface SimulatorProcessOptions {
  /** Seeds that many stations; without it, the default fleet the e2e tests and the docs name. */
  stations?: number;
  managerPort: number;
  identityPort: number;
  dataDirectory?: string;
  reseed?: boolean;
  /** Shorter than the default 900 s, so the console must refresh soon after signing in. */
  accessTokenTtlSeconds?: number;
  /** A refresh token works once, as with production providers (a second use signs the user out). */
  rotateRefreshTokens?: boolean;
}

/** The standalone simulator (`npm run simulator`), fleet life off, test controls on. */
export async function startSimulatorProcess(options: SimulatorProcessOptions): Promise<SimulatorProcess> {
  const { directory, cleanUp } = temporaryDirectory("station-simulator-", options.dataDirectory);
  const args = ["--import", "tsx", "simulator/main.ts", "--manager-port", String(options.managerPort)];
  args.push("--identity-port", String(options.identityPort), "--data-dir", directory);
  args.push("--test-controls", "--no-autonomous");
  if (options.stations !== undefined) args.push("--stations", String(options.stations));
  if (options.reseed ?? true) args.push("--reseed");
  if (options.accessTokenTtlSeconds) args.push("--access-token-ttl", String(options.accessTokenTtlSeconds));
  if (options.rotateRefreshTokens) args.push("--rotate-refresh-tokens");
  const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${options.managerPort}`;
  const identityUrl = `http://127.0.0.1:${options.identityPort}`;
  await waitFor(`${identityUrl}/.well-known/openid-configuration`, child, "the simulator");
  await waitFor(`${url}/__simulator/state`, child, "the simulator");
  return { ...running(child, url, cleanUp), identityUrl };
}

export interface ConsoleProcessOptions {
  port: number;
  /** A simulator in its own process; without one, the console starts its embedded simulator. */
  simulator?: SimulatorProcess;
  /** For the embedded simulator. */
  stations?: number;
  simulatorPort?: number;
  reseed?: boolean;
  dataDirectory?: string;
  env?: Record<string, string>;
  /** Receives what the console writes to stdout (its JSON log lines) as it comes. */
  onOutput?: (text: string) => void;
  /** Keep what it writes to stdout (its JSON log lines) for `output()`. */
  captureOutput?: boolean;
  /** Node's flags for the compiled server, to weigh other heap settings (default: production's). */
  nodeFlags?: readonly string[];
  /** Where the build to serve is (default: the current directory), e.g. an earlier build to compare with. */
  cwd?: string;
}

const developmentClient = {
  AUTH_CLIENT_ID: "station-console",
  AUTH_CLIENT_SECRET: "station-console-development-secret",
};

/** The production build run as `npm start` runs it, or through tsx when there is no compiled server. */
export async function startConsoleProcess(options: ConsoleProcessOptions): Promise<ConsoleProcess> {
  const { directory, cleanUp } = temporaryDirectory("station-console-", options.dataDirectory);
  const url = `http://127.0.0.1:${options.port}`;
  const backend = options.simulator
    ? {
        MANAGER_URL: options.simulator.url,
        IDENTITY_PROVIDER: "oidc",
        OIDC_ISSUER: options.simulator.identityUrl,
        ...developmentClient,
        SESSION_SECRET: "bench-session-secret-bench-session-secret-0001",
        // Required with a real provider: the only base of the addresses sent to it.
        PUBLIC_URL: url,
      }
    : {
        SIMULATOR_PORT: String(options.simulatorPort ?? 0),
        SIMULATOR_STATIONS: String(options.stations ?? 20),
        SIMULATOR_RESEED: String(options.reseed ?? true),
        SIMULATOR_AUTONOMOUS: "false",
        SIMULATOR_TEST_CONTROLS: "true",
      };
  const cwd = options.cwd ?? process.cwd();
  const compiled = existsSync(join(cwd, serverEntry));
  const nodeFlags = options.nodeFlags ?? serverHeapFlags;
  const child = spawn(process.execPath, compiled ? [...nodeFlags, serverEntry] : ["--import", "tsx", "server.ts"], {
    cwd,
    // Unread, the console's log lines are dropped.
    stdio: ["ignore", options.onOutput || options.captureOutput ? "pipe" : "ignore", "inherit"],
    env: {
      ...serverEnvironment,
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATA_DIRECTORY: directory,
      SIGN_IN_RATE_LIMIT_PER_MINUTE: "100000",
      ...backend,
      ...options.env,
    },
  });
  if (options.onOutput) child.stdout?.setEncoding("utf8").on("data", options.onOutput);
  await waitFor(`${url}/healthz`, child, "the console");
  const simulatorUrl = options.simulator?.url ?? `http://127.0.0.1:${options.simulatorPort}`;
  const issuer = options.simulator?.identityUrl ?? `${url}/oidc`;
  return { ...running(child, url, cleanUp), simulatorUrl, issuer };
}

/** What the bench ran, for its report. */
export const consoleCommand = (nodeFlags: readonly string[] = serverHeapFlags) =>
  existsSync(serverEntry)
    ? [
        ...Object.entries(serverEnvironment).map(([name, value]) => `${name}=${value}`),
        "node",
        ...nodeFlags,
        serverEntry,
      ].join(" ")
    : "node --import tsx server.ts";
