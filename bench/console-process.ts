// Starts the console (production build) with its embedded simulator seeded with N stations, on
// loopback, as one node process whose memory can be read.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ConsoleProcess {
  url: string;
  simulatorUrl: string;
  pid: number;
  rssMegabytes(): number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the console exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the console did not become healthy in time");
}

export interface ConsoleOptions {
  stations: number;
  port: number;
  simulatorPort: number;
  /** A directory to keep (a restart); by default a fresh one that goes away on stop. */
  dataDirectory?: string;
  /** Default true: a fresh fleet. */
  reseed?: boolean;
}

export async function startConsole(options: ConsoleOptions): Promise<ConsoleProcess> {
  const ownsDirectory = options.dataDirectory === undefined;
  const dataDirectory = options.dataDirectory ?? mkdtempSync(join(tmpdir(), "station-console-bench-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: process.cwd(),
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATA_DIRECTORY: dataDirectory,
      SIMULATOR_PORT: String(options.simulatorPort),
      SIMULATOR_STATIONS: String(options.stations),
      SIMULATOR_RESEED: String(options.reseed ?? true),
      SIMULATOR_AUTONOMOUS: "false",
      SIMULATOR_TEST_CONTROLS: "true",
      SIGN_IN_RATE_LIMIT_PER_MINUTE: "100000",
    },
  });
  const url = `http://127.0.0.1:${options.port}`;
  await waitForHealth(url, child, 60_000);
  return {
    url,
    simulatorUrl: `http://127.0.0.1:${options.simulatorPort}`,
    pid: child.pid!,
    rssMegabytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kilobytes / 1024);
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      if (ownsDirectory) rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
