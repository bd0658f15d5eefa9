// How the production server runs, in one place for `npm start`, the e2e web server and the
// bench: the compiled build/server.js under plain node, with V8's heap held small. Measured
// (docs/decisions/018-graceful-shutdown-and-memory.md): V8 sizes the young generation from the
// machine's memory, up to 64 MB per semi-space, which the console never needs (8 MB costs a few
// more, shorter scavenges); 128 MB of old space is twice what stays live after the bench's load.
// An operator with a larger fleet raises them here or runs node with flags of their own.
export const serverHeapFlags = ["--max-old-space-size=128", "--max-semi-space-size=8"];

export const serverEntry = "build/server.js";

/** The arguments to `node` that start the compiled server. */
export const serverArguments = [...serverHeapFlags, serverEntry];
