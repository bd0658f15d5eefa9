// React 18.3's streaming renderer writes out its whole 2048-byte buffer when the next character
// does not fit in the bytes left, zeros included (facebook/react#24985, fixed in React 19 by
// facebook/react#26228): a multi-byte character — an en dash, an umlaut, CJK, an emoji — at a
// buffer boundary reaches the browser with NUL bytes before it, inside a name or a form value.
// This stream drops exactly that padding.
import { Transform } from "node:stream";

const reactBufferSize = 2048;

/** How many bytes the UTF-8 sequence starting with this byte has. */
function sequenceLength(byte: number) {
  if (byte >= 0xf0) return 4;
  if (byte >= 0xe0) return 3;
  if (byte >= 0xc0) return 2;
  return 1;
}

/**
 * React's output without the padding, and in pieces of up to `chunkBytes` instead of React's 2 KB:
 * each piece costs a pass through the web stream, express and gzip, which for a 100 KB page in 2 KB
 * pieces was a tenth of the document's CPU
 * (docs/decisions/047-performance-budget-and-upgrade-checklist.md#reacts-stream). What is held back
 * goes out at the next turn of the event loop, so a streamed part is not delayed.
 */
export function withoutReactPadding(chunkBytes = 16 * 1024) {
  // The trailing zeros of a full buffer, until the next chunk tells whether they were padding.
  let zeros: Buffer | null = null;
  let held: Buffer[] = [];
  let heldBytes = 0;
  let scheduled: NodeJS.Immediate | null = null;
  const release = (stream: Transform) => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (heldBytes > 0) stream.push(held.length === 1 ? held[0] : Buffer.concat(held, heldBytes));
    held = [];
    heldBytes = 0;
  };
  const hold = (stream: Transform, piece: Buffer) => {
    if (piece.length === 0) return;
    held.push(piece);
    heldBytes += piece.length;
    if (heldBytes >= chunkBytes) release(stream);
    else scheduled ??= setImmediate(() => release(stream));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Padding is what a character too long for the gap left: the next chunk starts with it.
      if (zeros && sequenceLength(chunk[0] ?? 0) <= zeros.length) hold(this, zeros);
      zeros = null;
      let count = 0;
      if (chunk.length === reactBufferSize) while (count < 3 && chunk[chunk.length - 1 - count] === 0) count += 1;
      if (count > 0) zeros = chunk.subarray(chunk.length - count);
      hold(this, count > 0 ? chunk.subarray(0, chunk.length - count) : chunk);
      callback();
    },
    flush(callback) {
      if (zeros) hold(this, zeros);
      release(this);
      callback();
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      callback(error);
    },
  });
}
