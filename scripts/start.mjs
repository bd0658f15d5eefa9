// npm start: builds the console when the build is missing or older than its sources, then
// serves the production build with the compiled server under plain node (port 3000, PORT to
// override).
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { serverArguments, serverEntry, serverEnvironment } from "./server-command.mjs";

const root = process.cwd();
const buildFiles = [join(root, "build", "index.js"), join(root, serverEntry)];
// The compiled server holds server.ts, server/, lib/, the simulator and what they use of app/.
const sources = [
  "app",
  "lib",
  "server",
  "simulator",
  "server.ts",
  "remix.config.js",
  "package-lock.json",
  "public/locales",
];

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

const builtAt = Math.min(...buildFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const sourcesAt = Math.max(...sources.map((source) => newestModification(join(root, source))));
if (builtAt < sourcesAt) {
  console.log("Building the console…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, serverArguments, {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...serverEnvironment, ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
