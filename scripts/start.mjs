// npm start: builds the console when the build is missing or older than its sources, then
// serves the production build (port 3000, PORT to override).
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const buildFile = join(root, "build", "index.js");
const sources = ["app", "lib", "remix.config.js", "package-lock.json", "public/locales"];

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

const builtAt = existsSync(buildFile) ? statSync(buildFile).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestModification(join(root, source))));
if (builtAt < sourcesAt) {
  console.log("Building the console…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(join(root, "node_modules", ".bin", "tsx"), ["server.ts"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
