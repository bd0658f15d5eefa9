// Image files for the upload tests (vitest and Playwright): real PNGs and JPEGs made with sharp,
// and hand-built PNGs that sharp must refuse — a decompression bomb and a broken one.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export async function pngImage(width: number, height: number, colour = { r: 0, g: 150, b: 214, alpha: 1 }) {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

export async function jpegImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();
}

/** Random pixels: a PNG that compresses badly. */
export async function noisyPngImage(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function header(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1
  ihdr[9] = 0; // greyscale
  return chunk("IHDR", ihdr);
}

/**
 * A valid 1-bit PNG of width × height black pixels: a few kilobytes that decode to
 * width × height × 4 bytes (8000 × 8000: 8 KB of file, 256 MB decoded).
 */
export function pngBomb(width = 8000, height = 8000) {
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(rowBytes * height);
  return Buffer.concat([
    signature,
    header(width, height),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG whose header is fine and whose pixel data is garbage. */
export function brokenPng(width = 400, height = 400) {
  return Buffer.concat([
    signature,
    header(width, height),
    chunk("IDAT", Buffer.from("not zlib data at all")),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
