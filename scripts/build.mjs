// npm run build: the production build with Remix's classic compiler, exactly as `remix build`
// runs it, except that the compiler's esbuild contexts are disposed before the process ends.
// `remix build` calls process.exit() with three contexts still open; esbuild's service process
// then waits for them for ever, and if its keep-alive ping is in flight at that moment it dies
// with "fatal error: all goroutines are asleep - deadlock!" and a goroutine dump on the
// terminal — after a build that succeeded (docs/decisions/008-dependency-install-scripts.md).
// Then the server itself, into build/server.js (scripts/build-server.mjs).
import { rmSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { buildServer } from "./build-server.mjs";

const require = createRequire(import.meta.url);
const { readConfig } = require("@remix-run/dev/dist/config.js");
const { create } = require("@remix-run/dev/dist/compiler/compiler.js");
const { createFileWatchCache } = require("@remix-run/dev/dist/compiler/fileWatchCache.js");
const { logThrown } = require("@remix-run/dev/dist/compiler/utils/log.js");
const { logger } = require("@remix-run/dev/dist/tux/logger.js");

process.env.NODE_ENV ||= "production";
const mode = process.env.NODE_ENV;
const started = Date.now();
logger.info(`building... (NODE_ENV=${mode})`);

const config = await readConfig(process.cwd());
rmSync(config.assetsBuildDirectory, { recursive: true, force: true });
mkdirSync(config.assetsBuildDirectory, { recursive: true });
const compiler = await create({
  config,
  options: { mode, sourcemap: false },
  fileWatchCache: createFileWatchCache(),
  logger,
});
try {
  await compiler.compile();
  // The server that serves this build, compiled too: production runs it with plain node.
  await buildServer();
} catch (thrown) {
  logThrown(thrown);
  process.exitCode = 1;
} finally {
  await compiler.dispose();
}
if (!process.exitCode) logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`);
