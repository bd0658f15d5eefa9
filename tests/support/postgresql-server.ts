// A throw-away PostgreSQL cluster on a free loopback port, in a temporary directory, tuned for
// speed over safety (no fsync): for the tests that run the durable store (and the console) on
// PostgreSQL. They skip first with missingPrograms("postgresql") where it is not installed.
// PostgreSQL refuses to run as root: as root, initdb and postgres run as the `postgres` system
// user that Debian's package creates, and the directory is given to it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../../e2e/support/own-console";
import { requireSystemProgram } from "./system-programs";

export interface PostgresqlServer {
  /** The cluster's `postgres` database, as the superuser `app`. */
  url: string;
  /** A new, empty database; returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server and keeps its data, as an outage would (`resume` starts it again). */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port. */
  resume(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

export interface PostgresqlServerOptions {
  /** A port chosen beforehand (a test that connects before the server is there); default a free one. */
  port?: number;
}

const superuser = "app";
const isRoot = () => process.getuid?.() === 0;

/** The command line, run as the postgres user when we are root. */
function asServerUser(program: string, args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
}

function giveToServerUser(directory: string) {
  if (!isRoot()) return;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  chownSync(directory, uid, gid);
}

function initdb(bin: string, directory: string) {
  const [command, args] = asServerUser(join(bin, "initdb"), [
    "-D",
    join(directory, "data"),
    "-A",
    "trust",
    "-U",
    superuser,
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
    "--no-sync",
  ]);
  // Its own directory as the working one: the postgres user may not enter the caller's.
  execFileSync(command, args, { cwd: directory, stdio: ["ignore", "pipe", "pipe"] });
}

async function startOnce(bin: string, directory: string, port: number): Promise<ChildProcess | null> {
  const [command, args] = asServerUser(join(bin, "postgres"), [
    "-D",
    join(directory, "data"),
    "-k",
    directory,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200",
  ]);
  const child = spawn(command, args, { cwd: directory, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const ready = await new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("database system is ready to accept connections")) resolve(true);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", () => resolve(false));
    child.once("error", () => resolve(false));
  });
  // Keep draining its log, so a full pipe never stops it.
  child.stdout!.removeAllListeners("data").resume();
  child.stderr!.removeAllListeners("data").resume();
  // The port was taken between the probe and the start: the caller tries another.
  if (!ready) return output.includes("Address already in use") ? null : Promise.reject(new Error(output));
  return child;
}

function fastShutdown(bin: string, directory: string, child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // Fast shutdown: ends the sessions, then stops cleanly.
  const [command, args] = asServerUser(join(bin, "pg_ctl"), ["-D", join(directory, "data"), "stop", "-m", "fast"]);
  try {
    execFileSync(command, args, { cwd: directory, stdio: "ignore" });
  } catch {
    child.kill("SIGINT");
  }
  return exited;
}

export async function startPostgresqlServer(options: PostgresqlServerOptions = {}): Promise<PostgresqlServer> {
  const bin = requireSystemProgram("postgresql");
  const directory = mkdtempSync(join(tmpdir(), "postgresql-"));
  giveToServerUser(directory);
  initdb(bin, directory);
  let child: ChildProcess | null = null;
  let port = options.port ?? 0;
  for (let attempt = 0; attempt < 5 && !child; attempt += 1) {
    if (options.port === undefined) port = await freePort();
    child = await startOnce(bin, directory, port);
  }
  if (!child) {
    rmSync(directory, { recursive: true, force: true });
    throw new Error(`postgres found no free port (last tried ${port})`);
  }
  let running: ChildProcess | null = child;
  const url = `postgres://${superuser}@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    async createDatabase() {
      databases += 1;
      const name = `test_${process.pid}_${databases}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://${superuser}@127.0.0.1:${port}/${name}`;
    },
    async pause() {
      if (running) await fastShutdown(bin, directory, running);
      running = null;
    },
    async resume() {
      running ??= await startOnce(bin, directory, port);
      if (!running) throw new Error(`postgres could not start again on port ${port}`);
    },
    async stop() {
      if (running) await fastShutdown(bin, directory, running);
      running = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Runs `work` on a client of its own, closed after. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
