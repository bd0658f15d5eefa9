import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { heldModulePreload, heldModuleScript } from "~/components/ScriptsAfterFirstPaint";
import { scriptsAfterFirstPaint } from "~/utils/scripts-after-first-paint.server";

// The end of a document as Remix's <Scripts/> renders it (shortened).
const tail =
  '<p>Stations</p><link rel="modulepreload" href="/build/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/build/entry.client-2.js"/><link rel="stylesheet" href="/a.css"/>' +
  '<script nonce="n">window.__remixContext = {};</script>' +
  '<script nonce="n" type="module" async="">import "/build/manifest-1.js";\nimport("/build/entry.client-2.js");</script>' +
  "</body></html>";

const held = tail
  .replaceAll('rel="modulepreload"', heldModulePreload)
  .replace('type="module"', `type="${heldModuleScript}"`);

async function through(chunks: string[]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks.map((text) => Buffer.from(text))).pipe(scriptsAfterFirstPaint()))
    out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("the scripts held until the first paint", () => {
  it("makes the module preloads and the module script inert, and nothing else", async () => {
    const result = await through([tail]);
    expect(result).toBe(held);
    expect(result).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(result).toContain('<script nonce="n">window.__remixContext = {};</script>');
  });

  it("finds a marker wherever the stream cuts the document", async () => {
    for (let cut = 1; cut < tail.length; cut += 1) {
      expect(await through([tail.slice(0, cut), tail.slice(cut)])).toBe(held);
    }
  });

  it("finds markers cut into many small pieces", async () => {
    const pieces = tail.match(/[\s\S]{1,3}/g)!;
    expect(await through(pieces)).toBe(held);
  });

  it("passes a document without scripts through unchanged, even one ending in a marker's start", async () => {
    expect(await through(["<p>No scripts</p>", '<link rel="module'])).toBe('<p>No scripts</p><link rel="module');
  });
});
