import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/utils/low-priority-module-preloads.server";

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/build/_assets/app.css"/></head><body><main>Stations – Übersicht</main>' +
  '<link rel="modulepreload" href="/build/manifest-1.js"/><link rel="modulepreload" href="/build/entry.client-2.js"/>' +
  '<link rel="modulepreload" href="/build/_shared/chunk-3.js"/><script type="module" async="">import "/build/manifest-1.js";</script>' +
  "</body></html>";

async function through(pieces: Buffer[]) {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(pieces).pipe(lowPriorityModulePreloads())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("the page's module preloads at low priority", () => {
  it("marks every module preload and leaves the rest of the page as it was", async () => {
    expect(await through([Buffer.from(page)])).toBe(expected);
  });

  it("finds a link cut at any byte by the stream's chunks", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("passes a page without module preloads through unchanged, byte by byte", async () => {
    const plain = Buffer.from('<html><body><p>rel="module</p><link rel="modulepre</body></html>');
    expect(await through([...plain].map((byte) => Buffer.from([byte])))).toBe(plain.toString("utf8"));
  });
});
