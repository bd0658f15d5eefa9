// JavaScript a browser loads for each route before hydration (entry, shared chunks, every route
// module of the match and their imports), from the production build's manifest; gzip and
// brotli sizes from the precompressed files. Lazily imported chunks are not counted.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface RouteBytes {
  route: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const publicDirectory = join(process.cwd(), "public");

function readManifest(): Manifest {
  const buildDirectory = join(publicDirectory, "build");
  const file = readdirSync(buildDirectory).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no build manifest: run npm run build");
  const source = readFileSync(join(buildDirectory, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

function sizes(url: string) {
  const file = join(publicDirectory, url);
  const content = readFileSync(file);
  const compressed = (suffix: string, make: () => Buffer) => {
    try {
      return statSync(file + suffix).size;
    } catch {
      return make().length;
    }
  };
  return {
    raw: content.length,
    gzip: compressed(".gz", () => gzipSync(content, { level: 9 })),
    brotli: compressed(".br", () => brotliCompressSync(content)),
  };
}

function routePath(route: ManifestRoute, routes: Record<string, ManifestRoute>): string {
  const parts: string[] = [];
  for (
    let current: ManifestRoute | undefined = route;
    current;
    current = current.parentId ? routes[current.parentId] : undefined
  ) {
    if (current.path) parts.unshift(current.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

export function javaScriptPerRoute(): RouteBytes[] {
  const manifest = readManifest();
  const results: RouteBytes[] = [];
  const hasChildren = new Set(
    Object.values(manifest.routes)
      .map((route) => route.parentId)
      .filter(Boolean),
  );
  for (const route of Object.values(manifest.routes)) {
    if (hasChildren.has(route.id) && !route.index) continue;
    if (route.path === "*" || !route.module) continue;
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (
      let current: ManifestRoute | undefined = route;
      current;
      current = current.parentId ? manifest.routes[current.parentId] : undefined
    ) {
      files.add(current.module);
      for (const imported of current.imports ?? []) files.add(imported);
    }
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const size = sizes(file);
      total.raw += size.raw;
      total.gzip += size.gzip;
      total.brotli += size.brotli;
    }
    results.push({ route: routePath(route, manifest.routes), ...total });
  }
  return results.sort((a, b) => b.gzip - a.gzip);
}

export function totalCss(): { raw: number; gzip: number; brotli: number } {
  const directory = join(publicDirectory, "build", "_assets");
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const name of readdirSync(directory).filter((file) => file.endsWith(".css"))) {
    const size = sizes(join("build", "_assets", name));
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return total;
}
