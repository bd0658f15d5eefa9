// The browser build's JavaScript as the partial-JS project blocks it: read from the build the
// tests run against (the manifest and the files themselves), never from hard-coded hashes.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";

const buildDirectory = join(process.cwd(), "public", "build");

interface Manifest {
  entry: { module: string };
  routes: Record<string, { module: string }>;
}

function readManifest(): Manifest {
  const name = readdirSync(buildDirectory).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`No manifest in ${buildDirectory}: run npm run build first`);
  const source = readFileSync(join(buildDirectory, name), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** Every JavaScript file under /build/, as the URL path the browser asks for. */
function allScripts(): string[] {
  const found: string[] = [];
  const walk = (directory: string, urlPath: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(directory, entry.name), `${urlPath}/${entry.name}`);
      else if (entry.name.endsWith(".js")) found.push(`${urlPath}/${entry.name}`);
    }
  };
  walk(buildDirectory, "/build");
  return found.sort();
}

// The compiler writes absolute paths ("/build/_shared/chunk-….js"); relative ones are resolved too.
const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)"((?:\/build|\.{1,2})\/[^"]+\.js)"/g;
const dynamicImportPattern = /\bimport\s*\(\s*"((?:\/build|\.{1,2})\/[^"]+\.js)"\s*\)/g;

function sourceOf(file: string): string {
  return readFileSync(join(buildDirectory, file.replace(/^\/build\//, "")), "utf8");
}

function importsOf(file: string, pattern: RegExp): string[] {
  const source = sourceOf(file);
  return [...source.matchAll(pattern)].map((match) =>
    match[1]!.startsWith("/") ? match[1]! : posix.join(posix.dirname(file), match[1]!),
  );
}

/** A module and everything it imports statically: if any of them is blocked, the module fails. */
function staticClosure(module: string, dynamic: Set<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const dynamicOnes = new Set(importsOf(file, dynamicImportPattern));
    for (const imported of importsOf(file, importPattern)) {
      if (dynamicOnes.has(imported)) dynamic.add(imported);
      else visit(imported);
    }
  };
  visit(module);
  return seen;
}

/** What fails to load when one file is blocked: the client entry, route modules, lazy chunks. */
export interface Unit {
  /** "entry", a route id, or the lazy chunk's path. */
  name: string;
  module: string;
  closure: Set<string>;
  /** For a lazy chunk: the units that import it when they need it. */
  importedBy?: string[];
}

export function buildUnits() {
  const manifest = readManifest();
  const lazyChunks = new Set<string>();
  const units: Unit[] = [{ name: "entry", module: manifest.entry.module, closure: new Set() }];
  for (const [id, route] of Object.entries(manifest.routes))
    units.push({ name: id, module: route.module, closure: new Set() });
  for (const unit of units) unit.closure = staticClosure(unit.module, lazyChunks);
  const lazyUnits: Unit[] = [];
  for (const chunk of lazyChunks)
    lazyUnits.push({ name: chunk, module: chunk, closure: staticClosure(chunk, lazyChunks), importedBy: [] });
  // The routes whose code asks for a lazy chunk: they render, and then need it.
  for (const lazyUnit of lazyUnits)
    lazyUnit.importedBy = units
      .filter((unit) =>
        [...unit.closure].some((file) => importsOf(file, dynamicImportPattern).includes(lazyUnit.module)),
      )
      .map((unit) => unit.name);
  const scripts = allScripts();
  return {
    entry: manifest.entry.module,
    routeModule: (id: string) => {
      const route = manifest.routes[id];
      if (!route) throw new Error(`No route ${id} in the manifest`);
      return route.module;
    },
    sharedChunks: scripts.filter((path) => path.startsWith("/build/_shared/")),
    scripts,
    /** A script's text, to find a chunk by what it contains (its name is a hash). */
    source: sourceOf,
    units: [...units, ...lazyUnits],
    /** The units that fail when these files are blocked. */
    failing(blocked: Iterable<string>) {
      const set = new Set(blocked);
      return [...units, ...lazyUnits].filter((unit) => [...unit.closure].some((file) => set.has(file)));
    },
  };
}

/** mulberry32: a small seeded generator, so a failing random half can be blocked again. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Half of the files (rounded down), chosen by the seed. */
export function randomHalf(files: readonly string[], seed: number): string[] {
  const random = seededRandom(seed);
  const shuffled = [...files];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  return shuffled.slice(0, Math.floor(files.length / 2)).sort();
}
