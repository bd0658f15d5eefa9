// npm run dev: `remix watch` rebuilds on change and the server re-imports the new build on the
// next request (server.ts in development mode). Server-side files outside app/ need a restart.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";

const bin = (name) => join(process.cwd(), "node_modules", ".bin", name);
const env = { ...process.env, NODE_ENV: "development" };
// The server needs a build to import; the watcher keeps it fresh afterwards.
const first = spawnSync(bin("remix"), ["build"], { stdio: "inherit", env });
if (first.status !== 0) process.exit(first.status ?? 1);
const watcher = spawn(bin("remix"), ["watch"], { stdio: "inherit", env });
const server = spawn(bin("tsx"), ["server.ts"], { stdio: "inherit", env });
const children = [watcher, server];
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
for (const child of children) child.on("exit", (code) => process.exit(code ?? 0));
