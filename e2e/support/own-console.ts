// A second console with its own simulator, ports and data, for tests that need settings the
// shared test server does not have (e.g. the default sign-in budget) or state they must not
// leave behind (a locked-out demo account).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverArguments } from "../../scripts/server-command.mjs";

export async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface OwnConsole {
  url: string;
  /** Everything it wrote to stdout and stderr so far (its log lines). */
  output(): string;
  stop(): Promise<void>;
}

export async function startOwnConsole(env: Record<string, string>): Promise<OwnConsole> {
  const directory = await mkdtemp(join(tmpdir(), "console-own-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, serverArguments, {
    // Only what a shell needs: nothing of the caller's console settings leaks in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIRECTORY: directory,
      SIMULATOR_PORT: String(await freePort()),
      SIMULATOR_AUTONOMOUS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (part: Buffer) => (output += part.toString()));
  child.stderr!.on("data", (part: Buffer) => (output += part.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  // Ready once it answers its health check; gone early means it could not start.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the console exited during start-up:\n${output}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the console did not start:\n${output}`);
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
  }

  return {
    url,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
