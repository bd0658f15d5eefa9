// Remix's <Scripts/> preloads every chunk of the page with <link rel="modulepreload"> and starts
// them with an inline module script, all fetched as soon as the parser meets them, alongside the
// stylesheets the first paint waits for. Nothing in them is needed to paint: the page is complete
// HTML, the scripts only hydrate it. This stream makes both inert (a rel that fetches nothing, a
// script type the browser does not run); <ScriptsAfterFirstPaint/> starts them once the page has
// been painted
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#scripts-after-the-first-paint).
// React does not compare attributes when it hydrates.
import { Transform } from "node:stream";
import { heldModulePreload, heldModuleScript } from "~/components/ScriptsAfterFirstPaint";

const rewrites = [
  { from: Buffer.from('<link rel="modulepreload"'), to: Buffer.from(`<link ${heldModulePreload}`) },
  { from: Buffer.from(' type="module" async=""'), to: Buffer.from(` type="${heldModuleScript}" async=""`) },
];
const longestMarker = Math.max(...rewrites.map(({ from }) => from.length));

/** How many bytes at the end of `data` could be the start of a marker cut by a chunk boundary. */
function partialMarkerAtEnd(data: Buffer) {
  for (let length = Math.min(longestMarker - 1, data.length); length > 0; length -= 1) {
    const tail = data.subarray(data.length - length);
    if (rewrites.some(({ from }) => from.length > length && tail.equals(from.subarray(0, length)))) return length;
  }
  return 0;
}

/** The next marker at or after `from`, if any. */
function nextMarker(data: Buffer, from: number) {
  let found: { at: number; rewrite: (typeof rewrites)[number] } | null = null;
  for (const rewrite of rewrites) {
    const at = data.indexOf(rewrite.from, from);
    if (at !== -1 && (found === null || at < found.at)) found = { at, rewrite };
  }
  return found;
}

/**
 * The document with its module preloads and module script held until the first paint. A chunk
 * without a marker passes through as it is; only the few that hold one, or a marker's start cut
 * off at their end, are copied.
 */
export function scriptsAfterFirstPaint() {
  let carried: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const data = carried ? Buffer.concat([carried, chunk]) : chunk;
      carried = null;
      const pieces: Buffer[] = [];
      let from = 0;
      for (let marker = nextMarker(data, from); marker; marker = nextMarker(data, from)) {
        pieces.push(data.subarray(from, marker.at), marker.rewrite.to);
        from = marker.at + marker.rewrite.from.length;
      }
      const kept = partialMarkerAtEnd(data.subarray(from));
      if (kept > 0) carried = Buffer.from(data.subarray(data.length - kept));
      const rest = data.subarray(from, data.length - kept);
      if (pieces.length === 0) {
        if (rest.length > 0) this.push(rest);
      } else {
        pieces.push(rest);
        this.push(Buffer.concat(pieces));
      }
      callback();
    },
    flush(callback) {
      if (carried) this.push(carried);
      callback();
    },
  });
}
