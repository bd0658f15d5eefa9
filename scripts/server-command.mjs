// How the production server runs, in one place for `npm start`, the e2e web server and the
// bench: the compiled build/server.js under plain node, with V8 held small. Measured with
// `npm run bench:memory` (docs/decisions/018-graceful-shutdown-and-memory.md): V8 sizes the
// young generation from the machine's memory, up to 64 MB per semi-space, which the console never
// needs (8 MB is the cap for when --optimize-for-size is dropped: next to it V8 keeps 1 MB);
// 128 MB of old space is twice what stays live after the bench's load; --optimize-for-size makes
// V8 grow the heap and optimize code less eagerly, which kept the console under 200 MB after the
// load, at the price of about a third more CPU per request and a GC tail (the addendum of decision
// 018). A larger fleet or more users per instance may need more old space: change it here.
export const serverHeapFlags = ["--max-old-space-size=128", "--max-semi-space-size=8", "--optimize-for-size"];

// glibc gives each thread that allocates its own malloc arena, up to 8 per core, and keeps what
// they free: zlib's buffers and V8's compiler zones on libuv's and V8's threads. Two arenas kept
// each worker 15–30 MB smaller after the bench's load at the same throughput
// (docs/decisions/018-graceful-shutdown-and-memory.md). An environment that sets it wins.
export const serverEnvironment = { MALLOC_ARENA_MAX: "2" };

export const serverEntry = "build/server.js";

/** The arguments to `node` that start the compiled server. */
export const serverArguments = [...serverHeapFlags, serverEntry];

// The e2e tests' own console (playwright.config.ts) runs with V8's defaults: it is the largest CPU
// user of a test run, and the flags above cost it 10–55 % more CPU per page (bench:render with
// BENCH_NODE_FLAGS="", docs/decisions/067-one-walk-per-page-state.md); its memory is no concern
// there. The tests that start consoles of their own (e2e/support/own-console.ts) and the bench
// keep production's flags.
export const testServerArguments = [serverEntry];
