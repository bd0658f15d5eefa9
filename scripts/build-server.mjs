// The production server compiled ahead of time: server/main.ts (one process, or the primary of
// WEB_CONCURRENCY workers), server.ts with server/, lib/ and what they use of app/ into
// build/server.js (ESM, every package left to node_modules), run with plain `node`;
// tsx stays for development and the standalone simulator. The built-in simulator is a chunk of
// its own (build/server-chunks/), loaded only when MANAGER_URL is unset, so a console in front of
// a real Manager never loads it or its packages (docs/decisions/018-graceful-shutdown-and-memory.md).
// The esbuild here is the one Remix's compiler uses.
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const esbuild = require(require.resolve("esbuild", { paths: [require.resolve("@remix-run/dev")] }));

/** esbuild 0.17 takes "~/…" (tsconfig paths) for a package under `packages: "external"`. */
const appAlias = (root) => ({
  name: "app-alias",
  setup(build) {
    build.onResolve({ filter: /^~\// }, ({ path, kind }) =>
      build.resolve(`./app/${path.slice(2)}`, { kind, resolveDir: root }),
    );
  },
});

export async function buildServer(root = process.cwd()) {
  const outdir = join(root, "build");
  rmSync(join(outdir, "server-chunks"), { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    // The worker that reads a venue backup beside the event loop: build/backup-reader.js, next to
    // build/index.js, which starts it (app/venue-backup/backup-reader.server.ts).
    entryPoints: { server: "server/main.ts", "backup-reader": "app/venue-backup/backup-reader.worker.ts" },
    outdir,
    chunkNames: "server-chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    packages: "external",
    plugins: [appAlias(root)],
    logLevel: "warning",
  });
}
