// Why scripts/build.mjs disposes the Remix compiler before it ends: an esbuild context left open
// when the process exits while esbuild's keep-alive ping is unanswered makes esbuild's service
// process deadlock and print a goroutine dump — what a first `npm start` showed after a
// successful `remix build`. The esbuild here is the one Remix's compiler uses.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const remixEsbuild = require.resolve("esbuild", { paths: [require.resolve("@remix-run/dev")] });

/** Everything written to stderr until every process holding it (esbuild's too) has let go. */
function stderrOf(disposeFirst: boolean) {
  const directory = mkdtempSync(join(tmpdir(), "esbuild-exit-"));
  writeFileSync(join(directory, "entry.js"), "export const answer = 42;\n");
  const script = `
    const esbuild = require(${JSON.stringify(remixEsbuild)});
    (async () => {
      const context = await esbuild.context({ entryPoints: [${JSON.stringify(join(directory, "entry.js"))}], write: false, bundle: true });
      await context.rebuild();
      ${disposeFirst ? "await context.dispose();" : ""}
      // Busy well past esbuild's one-second ping, so one is in flight when the process leaves.
      const until = Date.now() + 2500;
      while (Date.now() < until);
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<string>((resolve) => child.stderr.on("close", () => resolve(stderr)));
}

describe("esbuild's service process at exit", () => {
  it("dumps its goroutines when a context is still open (what `remix build` leaves)", async () => {
    expect(await stderrOf(false)).toContain("all goroutines are asleep");
  });

  it("ends quietly once the contexts are disposed (what scripts/build.mjs does)", async () => {
    expect(await stderrOf(true)).toBe("");
  });
});
