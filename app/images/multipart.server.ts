// Reading a form that may carry files, with bounds: each file, each text field and the whole
// body have a byte limit. A file over its limit is drained and reported as too large (its field
// gets a message; the rest of the form is kept); a body over the total limit or a malformed one
// is refused as a whole. Files are kept apart from the text fields, as bytes.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { imageLimits } from "~/images/customization-images.server";

export interface FormLimits {
  maxFileBytes: number;
  maxFieldBytes: number;
  maxTotalBytes: number;
}

export const defaultFormLimits: FormLimits = {
  maxFileBytes: imageLimits.maxUploadBytes,
  // Hidden fields carry processed images as data: URLs (at most ~4 MB of base64 each).
  maxFieldBytes: Math.ceil((imageLimits.maxDataUrlImageBytes * 4) / 3) + 64,
  // The same bound as the server's guard in front of Remix (server/body-limits.ts: multipart ≤ 16 MB).
  maxTotalBytes: 16 * 1024 * 1024,
};

export interface Upload {
  filename: string;
  /** Null when the file was larger than the limit. */
  bytes: Uint8Array | null;
  size: number;
}

export interface ReadForm {
  formData: FormData;
  /** Chosen files by field name; an empty file input is not listed. */
  uploads: Map<string, Upload>;
}

export class FormRefusedError extends Error {
  constructor(readonly reason: "tooLarge" | "malformed") {
    super(`The form was refused: ${reason}`);
    this.name = "FormRefusedError";
  }
}

function concat(chunks: Uint8Array[], size: number) {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function isMultipart(request: Request) {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");
}

export async function readForm(request: Request, limits: FormLimits = defaultFormLimits): Promise<ReadForm> {
  const uploads = new Map<string, Upload>();
  if (!isMultipart(request)) {
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > limits.maxTotalBytes) throw new FormRefusedError("tooLarge");
    try {
      return { formData: await request.formData(), uploads };
    } catch {
      throw new FormRefusedError("malformed");
    }
  }
  let total = 0;
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    const isFile = typeof filename === "string";
    const limit = isFile ? limits.maxFileBytes : limits.maxFieldBytes;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > limits.maxTotalBytes) throw new FormRefusedError("tooLarge");
      size += chunk.byteLength;
      if (size > limit) {
        chunks.length = 0;
        continue;
      }
      chunks.push(chunk);
    }
    if (isFile) {
      if (filename !== "" || size > 0) {
        uploads.set(name, { filename: filename ?? "", bytes: size > limit ? null : concat(chunks, size), size });
      }
      return undefined;
    }
    // A text field over its limit was not typed by a person: leave it out.
    return size > limit ? undefined : new TextDecoder().decode(concat(chunks, size));
  };
  try {
    const formData = await unstable_parseMultipartFormData(request, handler);
    // The parser reads a body without a single delimiter as an empty form; no form of ours is.
    if (parts === 0) throw new FormRefusedError("malformed");
    return { formData, uploads };
  } catch (error) {
    if (error instanceof FormRefusedError) throw error;
    throw new FormRefusedError("malformed");
  }
}
