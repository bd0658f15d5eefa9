import { PassThrough, type Readable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutReactPadding } from "~/utils/react-stream-padding.server";

/** Many short texts with multi-byte characters, so some of them meet React's buffer boundaries. */
const page = createElement(
  "ul",
  null,
  Array.from({ length: 3000 }, (_, index) =>
    createElement("li", { key: index }, `${"a".repeat(index % 7)}💥 Saal – Übersicht 会议室 ${index}`),
  ),
);

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function render(through?: () => NodeJS.ReadWriteStream) {
  return new Promise<Buffer>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page, {
      onAllReady() {
        const body = new PassThrough();
        const out = through ? body.pipe(through()) : body;
        bytesOf(out as Readable).then(resolve, reject);
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

describe("React's stream padding", () => {
  it("is there without the fix, and gone with it", async () => {
    const padded = (await render()).toString("utf8");
    const fixed = (await render(withoutReactPadding)).toString("utf8");
    expect(padded.includes("\u0000")).toBe(true);
    expect(fixed.includes("\u0000")).toBe(false);
    expect(fixed === padded.replaceAll("\u0000", "")).toBe(true);
  });

  it("keeps NUL bytes that are content", async () => {
    const stream = withoutReactPadding();
    const chunk = Buffer.concat([Buffer.alloc(2046, "a"), Buffer.from([0, 0])]);
    const result = bytesOf(stream);
    stream.write(chunk);
    stream.end(Buffer.from("b"));
    expect(await result).toEqual(Buffer.concat([chunk, Buffer.from("b")]));
  });

  it("passes React's 2 KB pieces on in fewer, larger chunks, and the last one without waiting for more", async () => {
    const stream = withoutReactPadding(16 * 1024);
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    for (let piece = 0; piece < 20; piece += 1) stream.write(Buffer.alloc(2048, "a"));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.map((chunk) => chunk.length)).toEqual([16 * 1024, 16 * 1024, 4 * 2048]);
    stream.end();
  });
});
