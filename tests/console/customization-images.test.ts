import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { imageLimits, processUpload, sniffFormat, verifyImageDataUrl } from "~/images/customization-images.server";
import { brokenPng, jpegImage, noisyPngImage, pngBomb, pngImage } from "./image-fixtures";

async function decoded(dataUrl: string) {
  const [, format, base64] = /^data:image\/(png|jpeg);base64,(.+)$/.exec(dataUrl)!;
  const metadata = await sharp(Buffer.from(base64!, "base64")).metadata();
  return { format, width: metadata.width, height: metadata.height, bytes: Buffer.from(base64!, "base64").length };
}

describe("the logo", () => {
  it("takes a PNG of at least 50 × 50 and resizes it to 200 × 100", async () => {
    const result = await processUpload("logo", await pngImage(400, 400));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await decoded(result.dataUrl)).toMatchObject({ format: "png", width: 200, height: 100 });
    const smallest = await processUpload("logo", await pngImage(50, 50));
    expect(smallest.ok && (await decoded(smallest.dataUrl))).toMatchObject({ width: 200, height: 100 });
  });

  it("refuses a JPEG, a text file and a PNG below 50 × 50", async () => {
    expect(await processUpload("logo", await jpegImage(400, 400))).toEqual({ ok: false, problem: "wrongFormat" });
    expect(await processUpload("logo", Buffer.from("just some text, named logo.png"))).toEqual({
      ok: false,
      problem: "wrongFormat",
    });
    expect(await processUpload("logo", await pngImage(49, 200))).toEqual({ ok: false, problem: "tooSmall" });
  });
});

describe("an onboarding picture", () => {
  it("takes a JPEG of at least 300 × 300 and downscales it to fit 600 × 600, still JPEG", async () => {
    const result = await processUpload("picture", await jpegImage(1200, 900));
    expect(result.ok && (await decoded(result.dataUrl))).toMatchObject({ format: "jpeg", width: 600, height: 450 });
    const small = await processUpload("picture", await jpegImage(300, 300));
    expect(small.ok && (await decoded(small.dataUrl))).toMatchObject({ width: 300, height: 300 });
  });

  it("re-encodes a PNG as PNG, and keeps a noisy one under the size bound", async () => {
    const result = await processUpload("picture", await pngImage(800, 800));
    expect(result.ok && (await decoded(result.dataUrl))).toMatchObject({ format: "png", width: 600, height: 600 });
    const noisy = await processUpload("picture", await noisyPngImage(900, 900));
    expect(noisy.ok).toBe(true);
    if (!noisy.ok) return;
    const image = await decoded(noisy.dataUrl);
    expect(image).toMatchObject({ format: "png", width: 600, height: 600 });
    expect(image.bytes).toBeLessThanOrEqual(imageLimits.maxPicturePngBytes);
  });

  it("refuses pictures below 300 × 300 and other formats", async () => {
    expect(await processUpload("picture", await pngImage(299, 600))).toEqual({ ok: false, problem: "tooSmall" });
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect(await processUpload("picture", gif)).toEqual({ ok: false, problem: "wrongFormat" });
  });
});

describe("hostile uploads", () => {
  it("refuses a decompression bomb by its pixel count without decoding it", async () => {
    const bomb = pngBomb(8000, 8000);
    expect(bomb.length).toBeLessThan(20_000);
    expect(await processUpload("logo", bomb)).toEqual({ ok: false, problem: "tooManyPixels" });
    expect(await processUpload("picture", pngBomb(20_000, 20_000))).toEqual({ ok: false, problem: "tooManyPixels" });
  });

  it("refuses a file over the byte limit before looking inside", async () => {
    const oversized = Buffer.concat([await pngImage(100, 100), Buffer.alloc(imageLimits.maxUploadBytes)]);
    expect(await processUpload("logo", oversized)).toEqual({ ok: false, problem: "fileTooLarge" });
  });

  it("answers unreadable for a PNG with broken pixel data or a bare signature", async () => {
    expect(await processUpload("picture", brokenPng())).toEqual({ ok: false, problem: "unreadable" });
    expect(await processUpload("logo", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toEqual({
      ok: false,
      problem: "unreadable",
    });
  });

  it("knows formats by magic bytes only", () => {
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffFormat(Buffer.from("GIF89a"))).toBeNull();
  });
});

describe("images the form carries back as data: URLs", () => {
  it("accepts processed images of the right kind and nothing else", async () => {
    const logo = await processUpload("logo", await pngImage(120, 60));
    const picture = await processUpload("picture", await jpegImage(400, 400));
    if (!logo.ok || !picture.ok) throw new Error("fixtures failed");
    expect(await verifyImageDataUrl("logo", logo.dataUrl)).toBe(true);
    expect(await verifyImageDataUrl("picture", picture.dataUrl)).toBe(true);
    expect(await verifyImageDataUrl("logo", picture.dataUrl)).toBe(false);
    // A JPEG dressed up as a PNG, a bomb, garbage.
    expect(await verifyImageDataUrl("logo", picture.dataUrl.replace("image/jpeg", "image/png"))).toBe(false);
    expect(await verifyImageDataUrl("picture", `data:image/png;base64,${pngBomb().toString("base64")}`)).toBe(false);
    expect(await verifyImageDataUrl("logo", "data:image/png;base64,AAAA")).toBe(false);
    expect(await verifyImageDataUrl("logo", "https://example.com/logo.png")).toBe(false);
  });
});
