// A production build for the tests that read one (the image test, the bundle tests): made when
// missing or older than the sources, by one test file at a time (a lock directory), as the
// Dockerfile's build stage makes it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { serverEntry } from "../../scripts/server-command.mjs";

const root = process.cwd();
const lock = join(root, ".cache", "production-build.lock");
/** Written by every build (esbuild's metafile of the browser build): its age is the build's. */
const marker = join(root, "build", "metafile.js.json");
const outputs = [marker, join(root, serverEntry), join(root, "build", "index.js"), join(root, "public", "build")];

function newestSource(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  if (!outputs.every(existsSync)) return false;
  return statSync(marker).mtimeMs >= Math.max(newestSource(join(root, "app")), newestSource(join(root, "server")));
}

function sleep(milliseconds: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

export function ensureProductionBuild() {
  if (isFresh()) return;
  mkdirSync(join(root, ".cache"), { recursive: true });
  // Another test file building: wait for it (a lock older than ten minutes is a crashed run's).
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 600_000)
        rmSync(lock, { force: true, recursive: true });
      sleep(500);
    }
  }
  try {
    if (isFresh()) return;
    // As the build stage runs it: vitest's NODE_ENV=test would make Remix build in test mode.
    const result = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error("npm run build failed");
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}
