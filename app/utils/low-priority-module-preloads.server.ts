// Remix's <Scripts/> preloads every chunk of the page with <link rel="modulepreload">, which
// browsers fetch at high priority, alongside the stylesheets the first paint waits for, and it
// takes no attributes for those links. Nothing in them is needed to paint: the page is complete
// HTML, the scripts only hydrate it. This stream marks them fetchpriority="low", so on a slow
// link the document's stylesheets get the connection first and the chunks follow
// (docs/decisions/051-lighthouse.md). React does not compare attributes when it hydrates.
import { Transform } from "node:stream";

const preload = Buffer.from('<link rel="modulepreload"');
const lowPriority = Buffer.from(' fetchpriority="low"');

/** How many bytes at the end of `data` could be the start of a preload link cut by a chunk boundary. */
function partialMatchAtEnd(data: Buffer) {
  for (let length = Math.min(preload.length - 1, data.length); length > 0; length -= 1) {
    if (data.subarray(data.length - length).equals(preload.subarray(0, length))) return length;
  }
  return 0;
}

export function lowPriorityModulePreloads() {
  let carried: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const data = carried.length > 0 ? Buffer.concat([carried, chunk]) : chunk;
      const pieces: Buffer[] = [];
      let from = 0;
      for (let at = data.indexOf(preload); at !== -1; at = data.indexOf(preload, from)) {
        const end = at + preload.length;
        pieces.push(data.subarray(from, end), lowPriority);
        from = end;
      }
      const kept = partialMatchAtEnd(data.subarray(from));
      pieces.push(data.subarray(from, data.length - kept));
      carried = Buffer.from(data.subarray(data.length - kept));
      const out = Buffer.concat(pieces);
      if (out.length > 0) this.push(out);
      callback();
    },
    flush(callback) {
      if (carried.length > 0) this.push(carried);
      callback();
    },
  });
}
