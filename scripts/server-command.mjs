// How the production server runs, in one place for `npm start`, the Dockerfile, the e2e web server
// and the bench: the compiled build/server.js under plain node, with V8's heap bounded.
// The flags are chosen by `npm run bench:flags` (bench/notes/memory.md, issue 37): the fastest
// candidate that survives, at 5,000 stations, the requests reading the whole venue all at once and
// twenty sessions on every page of `npm run bench`. 160 MB of old space ran out of heap under twenty
// bulk confirmations of 1,000 stations, 128 MB under the whole-venue requests; --optimize-for-size
// cost a third more time per page.
export const serverHeapFlags = ["--max-old-space-size=192", "--max-semi-space-size=16"];

// glibc gives each thread that allocates its own malloc arena, up to 8 per core, and keeps what
// they free: zlib's buffers and V8's compiler zones on libuv's and V8's threads. Two arenas kept
// each worker 15–30 MB smaller after the bench's load at the same throughput
// (docs/decisions/018-graceful-shutdown-and-memory.md). An environment that sets it wins.
export const serverEnvironment = { MALLOC_ARENA_MAX: "2" };

export const serverEntry = "build/server.js";

/** The arguments to `node` that start the compiled server. */
export const serverArguments = [...serverHeapFlags, serverEntry];

// The e2e tests' console runs as production does: the tests that a request cannot take a process
// past its heap limit (issue 33) hold at the limit users have.
export const testServerArguments = serverArguments;
