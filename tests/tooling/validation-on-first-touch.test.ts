// zod and conform's zod adapter are not in any page's JavaScript before hydration
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#validation-on-first-touch): the
// forms render constraints computed on the server and import their schema when first touched. Read
// from the production build: the manifest names what each route loads before hydration (entry,
// shared chunks, the route modules of its match and their static imports), esbuild's metafile what
// went into each of those files.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureProductionBuild } from "../support/production-build";

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

const root = process.cwd();
const validationPackages = /node_modules\/(zod|@conform-to\/zod)\//;
let manifest: Manifest;
let metafile: Metafile;

function readManifest(): Manifest {
  const directory = join(root, "public", "build");
  const file = readdirSync(directory).find((name) => /^manifest-.*\.js$/.test(name))!;
  const source = readFileSync(join(directory, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** The metafile's outputs a browser loads for this route before it hydrates. */
function beforeHydration(routeId: string): string[] {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route;) {
    urls.add(route.module);
    for (const imported of route.imports ?? []) urls.add(imported);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return Object.keys(metafile.outputs).filter((output) => urls.has(`/${output.replace(/^public\//, "")}`));
}

function validationBytes(outputs: string[]): number {
  return outputs
    .flatMap((output) => Object.entries(metafile.outputs[output]!.inputs))
    .filter(([input]) => validationPackages.test(input))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
}

beforeAll(() => {
  ensureProductionBuild();
  manifest = readManifest();
  metafile = JSON.parse(readFileSync(join(root, "build", "metafile.js.json"), "utf8")) as Metafile;
}, 180_000);

describe("the JavaScript before hydration", () => {
  it("holds no zod and no conform zod adapter on any route", () => {
    const withValidation = Object.keys(manifest.routes)
      .map((routeId) => ({ routeId, bytes: validationBytes(beforeHydration(routeId)) }))
      .filter(({ bytes }) => bytes > 0);
    expect(withValidation).toEqual([]);
  });

  it("leaves zod to a chunk the forms import when first touched", () => {
    // Without this the first check would pass for a build that lost its client validation.
    expect(validationBytes(Object.keys(metafile.outputs))).toBeGreaterThan(10_000);
  });
});
