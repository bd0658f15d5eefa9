// A throw-away redis-server on a free loopback port, in a temporary directory, with nothing
// saved: for the tests that run the shared store (and the console) on Redis. They skip first
// with missingPrograms("redis-server") where it is not installed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../e2e/support/own-console";
import { requireSystemProgram } from "./system-programs";

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** One that can be stopped and started again on its address, as an outage and its end. */
export interface RestartableRedisServer extends RedisServer {
  /** Stops it (SIGTERM), leaving the address free for `resume()`. */
  pause(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was saved). */
  resume(): Promise<void>;
}

async function startOnce(directory: string, port?: number): Promise<RedisServer | null> {
  port ??= await freePort();
  const child = spawn(
    requireSystemProgram("redis-server"),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const ready = await new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve(true);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", () => resolve(false));
    child.once("error", () => resolve(false));
  });
  // Keep draining its log, so a full pipe never stops it.
  child.stdout.removeAllListeners("data").resume();
  child.stderr.removeAllListeners("data").resume();
  // The port was taken between the probe and the start: the caller tries another.
  if (!ready) return output.includes("Address already in use") ? null : Promise.reject(new Error(output));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function startRedisServer(): Promise<RedisServer> {
  const directory = mkdtempSync(join(tmpdir(), "redis-"));
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const server = await startOnce(directory);
    if (server) {
      return {
        url: server.url,
        async stop() {
          await server.stop();
          rmSync(directory, { recursive: true, force: true });
        },
      };
    }
  }
  throw new Error("redis-server found no free port");
}

export async function startRestartableRedisServer(): Promise<RestartableRedisServer> {
  const directory = mkdtempSync(join(tmpdir(), "redis-"));
  let server: RedisServer | null = null;
  for (let attempt = 0; attempt < 5 && !server; attempt += 1) server = await startOnce(directory);
  if (!server) throw new Error("redis-server found no free port");
  const url = server.url;
  const port = Number(new URL(url).port);
  let running: RedisServer | null = server;
  return {
    url,
    async pause() {
      await running?.stop();
      running = null;
    },
    async resume() {
      running = await startOnce(directory, port);
      if (!running) throw new Error(`redis-server could not start again on port ${port}`);
    },
    async stop() {
      await running?.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
