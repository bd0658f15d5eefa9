// Static assets: fingerprinted build files are cached for a year and served precompressed
// (brotli or gzip, made at build time by scripts/precompress.mjs); the rest for an hour.
import { existsSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import express, { type RequestHandler } from "express";

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
};

function precompressed(root: string): RequestHandler {
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(request.path);
    } catch {
      // Not a name any file of ours has (e.g. /build/%ff.js): the not-found page, not a 500.
      return next();
    }
    const relative = normalize(decoded).replace(/^(\.\.[/\\])+/, "");
    const file = join(root, relative);
    if (!file.startsWith(root)) return next();
    const type = contentTypes[extname(file)];
    if (!type) return next();
    const accepts = request.get("accept-encoding") ?? "";
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (accepts.includes(encoding) && existsSync(file + suffix)) {
        response.setHeader("Content-Encoding", encoding);
        response.setHeader("Content-Type", type);
        response.setHeader("Vary", "Accept-Encoding");
        response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        return response.sendFile(file + suffix);
      }
    }
    next();
  };
}

export function staticAssets(publicDirectory: string): express.Router {
  const router = express.Router();
  const buildDirectory = join(publicDirectory, "build");
  router.use("/build", precompressed(buildDirectory));
  router.use("/build", express.static(buildDirectory, { immutable: true, maxAge: "1y", index: false }));
  router.use(express.static(publicDirectory, { maxAge: "1h", index: false }));
  return router;
}
