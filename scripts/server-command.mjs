// How the production server runs, in one place for `npm start`, the e2e web server and the
// bench: the compiled build/server.js under plain node, with V8 held small. Measured with
// `npm run bench:memory` (docs/decisions/018-graceful-shutdown-and-memory.md): V8 sizes the
// young generation from the machine's memory, up to 64 MB per semi-space, which the console never
// needs (8 MB: a few more, shorter scavenges); 128 MB of old space is twice what stays live after
// the bench's load; --optimize-for-size makes V8 grow the heap and optimize code less eagerly,
// which kept the console under 200 MB after the load. A larger fleet or more users per instance
// may need more old space: change it here.
export const serverHeapFlags = ["--max-old-space-size=128", "--max-semi-space-size=8", "--optimize-for-size"];

export const serverEntry = "build/server.js";

/** The arguments to `node` that start the compiled server. */
export const serverArguments = [...serverHeapFlags, serverEntry];
