// Images of the app customization (administration.md §5, §9): the logo (PNG only, at least
// 50 × 50, resized to 200 × 100) and onboarding pictures (JPEG or PNG, at least 300 × 300,
// downscaled to fit 600 × 600, a PNG re-encoded as PNG). Every image is judged by its bytes —
// magic bytes and what sharp reads from the header, never the file name or the browser's MIME
// type — and bounded in bytes and in pixels before anything is decoded, so a decompression bomb
// or garbage gives a message for its field, never a crash. Results travel as data: URLs.
import sharp from "sharp";
import type { ImageKind, ImageProblem } from "~/images/image-problems";
import { oneOf } from "~/utils/bounded-concurrency";

export type { ImageKind, ImageProblem };
export type ImageResult =
  | { ok: true; dataUrl: string; format: "png" | "jpeg"; width: number; height: number }
  | { ok: false; problem: ImageProblem };

export const imageLimits = {
  /** An upload's bytes (a phone photo fits). */
  maxUploadBytes: 10 * 1024 * 1024,
  /** Pixels sharp may decode: 40 megapixels (~160 MB decoded) — more is refused as a bomb. */
  maxInputPixels: 40_000_000,
  /** Bytes of an image that is already a data: URL in the form (the processed or stored one). */
  maxDataUrlImageBytes: 3 * 1024 * 1024,
  logo: { minWidth: 50, minHeight: 50, width: 200, height: 100 },
  picture: { minWidth: 300, minHeight: 300, maxWidth: 600, maxHeight: 600 },
  /** A re-encoded PNG picture above this is quantised (still PNG) so the whole customization stays small. */
  maxPicturePngBytes: 1024 * 1024,
} as const;

const formatsOf: Record<ImageKind, ReadonlyArray<"png" | "jpeg">> = { logo: ["png"], picture: ["png", "jpeg"] };

/** The format by magic bytes: PNG's 8-byte signature, JPEG's SOI marker. */
export function sniffFormat(bytes: Uint8Array): "png" | "jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

// At most two images decode at a time: each may take up to ~160 MB while it is resized.
const withImageSlot = oneOf(2);

function open(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: imageLimits.maxInputPixels, failOn: "error" });
}

/** Only the header (PNG and JPEG headers are read without decoding pixels); the pixel bound is ours to check. */
function readHeader(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: false }).metadata();
}

interface Inspected {
  format: "png" | "jpeg";
  width: number;
  height: number;
}

/** Bytes, magic bytes, the header sharp reads, and the pixel count — nothing decoded yet. */
async function inspect(kind: ImageKind, bytes: Uint8Array): Promise<Inspected | ImageProblem> {
  if (bytes.byteLength > imageLimits.maxUploadBytes) return "fileTooLarge";
  const sniffed = sniffFormat(bytes);
  if (!sniffed || !formatsOf[kind].includes(sniffed)) return "wrongFormat";
  let metadata: sharp.Metadata;
  try {
    metadata = await readHeader(bytes);
  } catch {
    return "unreadable";
  }
  if (metadata.format !== sniffed) return "wrongFormat";
  const { width, height } = metadata;
  if (!width || !height) return "unreadable";
  if (width * height > imageLimits.maxInputPixels) return "tooManyPixels";
  const minimum = imageLimits[kind];
  if (width < minimum.minWidth || height < minimum.minHeight) return "tooSmall";
  return { format: sniffed, width, height };
}

function dataUrl(format: "png" | "jpeg", bytes: Buffer) {
  return `data:image/${format};base64,${bytes.toString("base64")}`;
}

async function encodePicture(image: sharp.Sharp, format: "png" | "jpeg") {
  if (format === "jpeg") return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const lossless = await image
    .clone()
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer({ resolveWithObject: true });
  if (lossless.data.byteLength <= imageLimits.maxPicturePngBytes) return lossless;
  return image.png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
}

/** Checks an uploaded file and turns it into what the Manager stores. */
export async function processUpload(kind: ImageKind, bytes: Uint8Array): Promise<ImageResult> {
  const inspected = await inspect(kind, bytes);
  if (typeof inspected === "string") return { ok: false, problem: inspected };
  try {
    return await withImageSlot(async () => {
      if (kind === "logo") {
        const { width, height } = imageLimits.logo;
        const { data, info } = await open(bytes)
          .resize(width, height, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png({ compressionLevel: 9 })
          .toBuffer({ resolveWithObject: true });
        return { ok: true, dataUrl: dataUrl("png", data), format: "png", width: info.width, height: info.height };
      }
      const { maxWidth, maxHeight } = imageLimits.picture;
      const image = open(bytes).rotate().resize(maxWidth, maxHeight, { fit: "inside", withoutEnlargement: true });
      const { data, info } = await encodePicture(image, inspected.format);
      return {
        ok: true,
        dataUrl: dataUrl(inspected.format, data),
        format: inspected.format,
        width: info.width,
        height: info.height,
      };
    });
  } catch {
    // A file whose header reads but whose pixel data is broken or truncated.
    return { ok: false, problem: "unreadable" };
  }
}

const dataUrlPattern = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/;

/**
 * What is wrong with an image that is already a data: URL — one the form carries back (processed
 * before, or the stored one), or one a venue backup holds: the right format for its kind, within
 * bounds, and readable, pixels included (decoded within the pixel bound). Nothing from a browser
 * or a file reaches the Manager unchecked, and each gets the message the upload form gives.
 */
export async function storedImageProblem(kind: ImageKind, value: string): Promise<ImageProblem | null> {
  const match = dataUrlPattern.exec(value);
  if (!match) return "wrongFormat";
  if ((match[2]!.length * 3) / 4 > imageLimits.maxDataUrlImageBytes) return "fileTooLarge";
  const bytes = Buffer.from(match[2]!, "base64");
  const sniffed = sniffFormat(bytes);
  if (!sniffed || sniffed !== match[1] || !formatsOf[kind].includes(sniffed)) return "wrongFormat";
  let header: sharp.Metadata;
  try {
    header = await readHeader(bytes);
  } catch {
    return "unreadable";
  }
  const { format, width, height } = header;
  if (format !== sniffed || !width || !height) return "unreadable";
  if (width * height > imageLimits.maxInputPixels) return "tooManyPixels";
  // The form stores a logo fitted into 200 × 100 and a picture into 600 × 600: a larger one never came from it.
  const largest =
    kind === "logo" ? imageLimits.logo : { width: imageLimits.picture.maxWidth, height: imageLimits.picture.maxHeight };
  if (width > largest.width || height > largest.height) return "oversized";
  try {
    // The pixels too: a header that reads over broken image data is as unreadable as the upload form finds it.
    await withImageSlot(() => open(bytes).raw().toBuffer());
  } catch {
    return "unreadable";
  }
  return null;
}

/** Whether the form's carried image may go to the Manager (storedImageProblem finds nothing). */
export async function verifyImageDataUrl(kind: ImageKind, value: string): Promise<boolean> {
  return (await storedImageProblem(kind, value)) === null;
}
