// Reading a form that may carry files, with bounds: the number of text fields and of files, each
// file, each text field and the whole body have a limit. A file over its limit is drained and
// reported as too large (its field gets a message; the rest of the form is kept); anything else
// over a limit, or a malformed body, refuses the form as a whole, so nothing of it is saved.
// Files are kept apart from the text fields, as bytes. Callers read a form only after their
// session and permission checks: express lets multipart bodies through only to them, and only
// with a session cookie (server/body-limits.ts).
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { imageLimits } from "~/images/customization-images.server";

export interface FormLimits {
  maxFileBytes: number;
  maxFieldBytes: number;
  maxTotalBytes: number;
  /** Text fields (parts without a file name). */
  maxFields: number;
  /** File inputs, chosen or left empty (a browser sends an empty part for each). */
  maxFiles: number;
}

export const defaultFormLimits: FormLimits = {
  maxFileBytes: imageLimits.maxUploadBytes,
  // Hidden fields carry processed images as data: URLs (at most ~4 MB of base64 each).
  maxFieldBytes: Math.ceil((imageLimits.maxDataUrlImageBytes * 4) / 3) + 64,
  // The same bound as express's for uploads (server/body-limits.ts: 16 MB).
  maxTotalBytes: 16 * 1024 * 1024,
  // The customization form sends about twenty (the switch, logo, colours, font colour, three
  // screens' headline, text and picture, the intent); a file input per image: the logo and three pictures.
  maxFields: 48,
  maxFiles: 4,
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
  constructor(readonly reason: "tooLarge" | "tooManyParts" | "malformed") {
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

/** What the parser gets per turn of the event loop: a few milliseconds of its work. */
const sliceBytes = 64 * 1024;

/**
 * The body, counted as it streams: past the limit it fails, so no part (not even headers that never
 * end) holds more. `drain` reads and drops what a refused form left unread, so the connection
 * carries the next request instead of stalling behind it (express bounds it: at most 16 MB).
 */
function bounded(request: Request, body: ReadableStream<Uint8Array>, maxTotalBytes: number) {
  const reader = body.getReader();
  let total = 0;
  let rest: Uint8Array | null = null;
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // At most a slice per turn of the event loop: the multipart parser reads what it is given in
      // one go, and a body that arrived whole (a 12 MB backup over a local network) held the loop
      // 50–75 ms at a time (issue 33).
      await new Promise((resolve) => setImmediate(resolve));
      if (!rest) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        total += value.byteLength;
        if (total > maxTotalBytes) return controller.error(new FormRefusedError("tooLarge"));
        rest = value;
      }
      const slice: Uint8Array = rest.subarray(0, sliceBytes);
      rest = rest.byteLength > sliceBytes ? rest.subarray(sliceBytes) : null;
      controller.enqueue(slice);
    },
    // Never cancelled: cancelling the request's body would close its connection before the answer is sent.
    cancel: () => {},
  });
  const drain = async () => {
    try {
      // A read the parser left pending would hold this one back: released, it fails instead.
      reader.releaseLock();
      const rest = body.getReader();
      while (!(await rest.read()).done);
    } catch {
      // The client went away: nothing left to drain.
    }
  };
  const counting = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  return { request: counting, drain };
}

export async function readForm(request: Request, limits: FormLimits = defaultFormLimits): Promise<ReadForm> {
  const uploads = new Map<string, Upload>();
  if (!isMultipart(request)) {
    // Already read and counted by express (server/body-limits.ts); the declared length is checked again here.
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > limits.maxTotalBytes) throw new FormRefusedError("tooLarge");
    try {
      return { formData: await request.formData(), uploads };
    } catch {
      throw new FormRefusedError("malformed");
    }
  }
  let fields = 0;
  let files = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const isFile = typeof filename === "string";
    if (isFile ? ++files > limits.maxFiles : ++fields > limits.maxFields) throw new FormRefusedError("tooManyParts");
    const limit = isFile ? limits.maxFileBytes : limits.maxFieldBytes;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) {
        // No text field of ours is that long: the page did not send this form.
        if (!isFile) throw new FormRefusedError("tooLarge");
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
    return new TextDecoder().decode(concat(chunks, size));
  };
  const counted = request.body ? bounded(request, request.body, limits.maxTotalBytes) : null;
  try {
    const formData = await unstable_parseMultipartFormData(counted?.request ?? request, handler);
    // The parser reads a body without a single delimiter as an empty form; no form of ours is.
    if (fields + files === 0) throw new FormRefusedError("malformed");
    return { formData, uploads };
  } catch (error) {
    void counted?.drain();
    // Ours (a limit, from the handler or the counted body, passed on by the parser as it is), or the parser's.
    if (error instanceof FormRefusedError) throw error;
    throw new FormRefusedError("malformed");
  }
}
