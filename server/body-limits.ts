// Bodies the console accepts: HTML forms only (url-encoded or multipart), and bounded in size.
// Anything else is refused with a clear answer before Remix reads it, so no action ever fails
// with a 500 on a body it cannot parse, and no client can make the server buffer gigabytes.
import type { RequestHandler } from "express";
import { plainText } from "./plain-texts";

const formTypes = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

export interface BodyLimitOptions {
  /** Bytes allowed for url-encoded bodies. */
  formBytes: number;
  /** Bytes allowed for multipart bodies (uploads). */
  multipartBytes: number;
}

export function formBodiesOnly(options: BodyLimitOptions): RequestHandler {
  return (request, response, next) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return next();
    const type = request.get("content-type") ?? "";
    if (!formTypes.test(type)) {
      return response.status(415).type("text/plain").send(plainText(request, "formsOnly"));
    }
    const limit = /^multipart\//i.test(type) ? options.multipartBytes : options.formBytes;
    const declared = Number(request.get("content-length") ?? Number.NaN);
    // Browsers always declare the length of a form; a streamed body of unknown size is refused
    // rather than counted, so what Remix reads is never larger than allowed.
    if (!Number.isFinite(declared)) {
      return response.status(411).type("text/plain").send(plainText(request, "lengthRequired"));
    }
    if (declared > limit) {
      response.setHeader("Connection", "close");
      return response
        .status(413)
        .type("text/plain")
        .send(plainText(request, "tooLarge", { megabytes: Math.round(limit / 1024 / 1024) }));
    }
    next();
  };
}
