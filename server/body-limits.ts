// Bodies the console accepts, bounded by where they go (docs/decisions/007-security.md, "Bodies
// bounded by where they go"): HTML forms only, with a declared length, judged before Remix runs
// from the path and from whether a session cookie came along.
// - Before sign-in (no session cookie), and always on /login, /logout and /preferences, which
//   anyone may post to: a url-encoded form of a few KB, never multipart.
// - With a session cookie: url-encoded forms somewhat larger; multipart only on the upload routes,
//   whose actions read it only after their session and permission checks, with limits on its parts
//   (app/images/multipart.server.ts).
// - A url-encoded form is read here, up to its limit, and its fields are counted before Remix parses
//   it: parsing one never holds the event loop (every other request) for more than a few ms.
// Anything else is refused with a plain sentence (415, 411, 413) before a byte of it is parsed.
import express, { type Request, type RequestHandler } from "express";
import { sessionCookieName } from "../app/auth/session-cookie";
import type { SecurityRefusal } from "../app/audit/refused-requests.server";
import { plainText, type ServerTextKey } from "./plain-texts";
import type { RefusalListener } from "./refusal-records";

export interface BodyLimits {
  /** Bytes of a url-encoded form before sign-in, and always on the routes anyone may post to. */
  openFormBytes: number;
  /** Bytes of a url-encoded form with a session cookie. */
  formBytes: number;
  /** Fields of any url-encoded form. */
  formFields: number;
  /** Bytes of a multipart form: on the upload routes, with a session cookie. */
  uploadBytes: number;
}

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/** The console's limits; why each number, in the decision record. */
export const consoleBodyLimits: BodyLimits = {
  // A return path (at most 2,048 characters, app/utils/return-path.ts) percent-encoded throughout,
  // and a language and colour scheme: under 7 KB.
  openFormBytes: 8 * kilobyte,
  // The largest form of ours (a station's network interface) is under 1 KB with a dozen fields.
  formBytes: 16 * kilobyte,
  formFields: 128,
  // The app customization: four images of at most 10 MB each is more than one form may carry.
  uploadBytes: 16 * megabyte,
};

type Destination = "open" | "upload" | "page";

/** The routes anyone may post to, signed in or not. */
const openRoutes = new Set(["/login", "/logout", "/preferences"]);
/**
 * Where the app customization's forms and its image upload post, and where a venue backup is
 * restored from (docs/decisions/063-venue-backup.md), as the pages and their script write them.
 */
const uploadPaths = new Set([
  "/appCustomization",
  "/appCustomization.data",
  "/appCustomization/image",
  "/settings/restore",
  "/settings/restore.data",
]);

/** The path as Remix routes it: its single-fetch suffix dropped, escapes decoded, case ignored. */
function routedPath(pathname: string): string {
  return pathname
    .replace(/\.data$/, "")
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/")
    .toLowerCase()
    .replace(/\/+$/, "");
}

/** Which limits a body to this request target gets. */
export function destinationOf(originalUrl: string): Destination {
  let url: URL;
  try {
    // As server/remix-handler.ts builds the URL Remix sees: dot segments resolved.
    url = new URL(`http://console.invalid${originalUrl}`);
  } catch {
    return "page";
  }
  // Exactly as our pages send it: any other spelling (another case, escapes, `?_data=` naming
  // another route's action) is refused rather than followed to a route that parses everything.
  if (uploadPaths.has(url.pathname) && !url.searchParams.has("_data")) return "upload";
  // Every spelling Remix routes there, so no spelling gets the larger limits.
  return openRoutes.has(routedPath(url.pathname)) ? "open" : "page";
}

/** Whether the request carries a session cookie at all (not whether its session is valid: Remix checks that). */
export function hasSessionCookie(request: Pick<Request, "headers">): boolean {
  return (request.headers.cookie ?? "").split(";").some((pair) => {
    const separator = pair.indexOf("=");
    return (
      separator > 0 && pair.slice(0, separator).trim() === sessionCookieName && pair.slice(separator + 1).trim() !== ""
    );
  });
}

/** The fields a url-encoded body can hold: one more than its `&`s, counted up to `atMost + 1`. */
export function countFields(body: Uint8Array, atMost: number): number {
  let fields = 1;
  for (let at = body.indexOf(0x26); at !== -1 && fields <= atMost; at = body.indexOf(0x26, at + 1)) fields += 1;
  return fields;
}

/** "8 KB", "16 MB": the limit as a reader sees it. */
export function sizeText(bytes: number): string {
  return bytes >= megabyte ? `${Math.round(bytes / megabyte)} MB` : `${Math.round(bytes / kilobyte)} KB`;
}

/** A refused body up to this size is read and dropped rather than the connection closed. */
const drainedBytes = 64 * kilobyte;

const formTypes = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const multipartType = /^multipart\//i;

/** The refusal each answer is, as the audit log names it (app/audit/refused-requests.server.ts). */
const refusalOf: Partial<Record<ServerTextKey, SecurityRefusal>> = {
  formsOnly: "formsOnly",
  noUploads: "noUploads",
  lengthRequired: "lengthRequired",
  tooLarge: "tooLarge",
  tooManyFields: "tooManyFields",
};

export function boundedBodies(
  limits: BodyLimits = consoleBodyLimits,
  onRefused: RefusalListener = async () => {},
): RequestHandler {
  // Only the reading: the declared length is judged before, and a reader takes no more than its limit.
  const readers = new Map(
    [limits.openFormBytes, limits.formBytes].map((limit) => [
      limit,
      express.raw({ type: () => true, limit, inflate: false }),
    ]),
  );

  return (request, response, next) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return next();
    const declared = Number(request.get("content-length") ?? Number.NaN);
    const refuse = (status: number, key: ServerTextKey, values: Record<string, string | number> = {}) => {
      // Node reads and drops the unread rest of a refused body, so the connection carries the next
      // request and a client still sending gets its answer; a large or unknown rest is not worth
      // reading: the connection closes after the answer.
      if (!(declared <= drainedBytes)) response.setHeader("Connection", "close");
      const reason = refusalOf[key];
      void (reason ? onRefused(request, reason) : Promise.resolve()).then(() =>
        response
          .status(status)
          .type("text/plain")
          .send(plainText(request, key, values)),
      );
    };
    const type = request.get("content-type") ?? "";
    if (!formTypes.test(type)) return refuse(415, "formsOnly");
    // Browsers always declare the length of a form; a streamed body of unknown size is refused
    // rather than counted, so what Remix reads is never larger than allowed.
    if (!Number.isFinite(declared)) return refuse(411, "lengthRequired");

    const destination = destinationOf(request.originalUrl);
    const withSession = hasSessionCookie(request);
    // A route that needs a session, asked without one, says to sign in first: a form left open
    // until its session ended arrives like that.
    const beforeSignIn = !withSession && destination !== "open";
    const signInFirst = (status: number) => refuse(status, "signInFirst", { size: sizeText(limits.openFormBytes) });

    if (multipartType.test(type)) {
      if (destination !== "upload" || !withSession) return beforeSignIn ? signInFirst(415) : refuse(415, "noUploads");
      if (declared > limits.uploadBytes) return refuse(413, "tooLarge", { size: sizeText(limits.uploadBytes) });
      // Streamed to the action, which reads it only after its session and permission checks.
      return next();
    }

    const limit = withSession && destination !== "open" ? limits.formBytes : limits.openFormBytes;
    const tooLarge = () => (beforeSignIn ? signInFirst(413) : refuse(413, "tooLarge", { size: sizeText(limit) }));
    if (declared > limit) return tooLarge();
    readers.get(limit)!(request, response, (error?: unknown) => {
      // The reader's own refusals: a body longer or shorter than declared, a compressed one.
      const status = (error as { status?: number } | undefined)?.status;
      if (status === 413) return tooLarge();
      if (status === 415) return refuse(415, "formsOnly");
      if (error)
        return void onRefused(request, "badRequest").then(() =>
          response.setHeader("Connection", "close").status(400).type("text/plain").send("Bad Request"),
        );
      if (countFields(request.body as Buffer, limits.formFields) > limits.formFields)
        return beforeSignIn ? signInFirst(413) : refuse(413, "tooManyFields", { count: limits.formFields });
      next();
    });
  };
}
