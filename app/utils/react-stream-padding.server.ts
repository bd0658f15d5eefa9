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

export function withoutReactPadding() {
  // The trailing zeros of a full buffer, until the next chunk tells whether they were padding.
  let zeros: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Padding is what a character too long for the gap left: the next chunk starts with it.
      if (zeros && sequenceLength(chunk[0] ?? 0) <= zeros.length) this.push(zeros);
      zeros = null;
      let count = 0;
      if (chunk.length === reactBufferSize) while (count < 3 && chunk[chunk.length - 1 - count] === 0) count += 1;
      if (count > 0) zeros = chunk.subarray(chunk.length - count);
      callback(null, count > 0 ? chunk.subarray(0, chunk.length - count) : chunk);
    },
    flush(callback) {
      callback(null, zeros ?? undefined);
    },
  });
}
