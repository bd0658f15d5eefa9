// Mantine's CSS for the components the console renders, instead of its whole styles.css.
//
// `@mantine/core/styles.css` (231 KB raw, 25 KB gzipped) holds every component's rules and is
// render-blocking on every page. Mantine also ships them file by file (`styles/<Component>.css`).
// This script finds which of those files the console needs and writes them, in styles.css's own
// order, as `@import`s into app/styles/mantine.css (the build bundles them into one file):
//   - every class a Mantine module reached from app/ uses: the deep imports of
//     scripts/mantine-imports.mjs, followed through Mantine's own imports (and through the names
//     that @mantine/notifications and @mantine/dropzone import from the core's index);
//   - every Mantine class (`m_` and 7 or 8 hex digits) written in app/ itself: plain elements that
//     wear Mantine's classes (decision 048);
//   - the baseline, the default theme's variables (MantineProvider deduplicates its own
//     against them) and the global rules, as styles.css starts with them.
// `node scripts/mantine-css.mjs` writes the file; `--check` exits 1 when it is not up to date
// (tests/styles/mantine-css.test.ts runs that). Run it after using another Mantine component or
// class, or after upgrading Mantine (docs/decisions/051-lighthouse.md).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = process.cwd();
const mantine = (name) => join(root, "node_modules", "@mantine", name);
const stylesDirectory = join(mantine("core"), "styles");
const output = join(root, "app", "styles", "mantine.css");
const classPattern = /\bm_[0-9a-f]{7,8}\b/g;

function sourceFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(name) && !name.endsWith(".d.ts") && !/\.test\./.test(name) ? [path] : [];
  });
}

/** Exported name → its module file, from a package's esm/index.mjs. */
function indexExports(name) {
  const esm = join(mantine(name), "esm");
  const modules = new Map();
  const index = readFileSync(join(esm, "index.mjs"), "utf8");
  for (const [, names, from] of index.matchAll(/export \{([^}]*)\} from '\.\/([^']+)'/g))
    for (const spec of names
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean))
      modules.set(
        spec
          .split(/\s+as\s+/)
          .pop()
          .trim(),
        join(esm, from),
      );
  return modules;
}

/** Every Mantine module the console's browser and server code reach, following Mantine's imports. */
function reachedModules(files) {
  const coreIndex = indexExports("core");
  const queue = [];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const [, pkg, path] of source.matchAll(/from "#mantine\/(core|notifications)\/([^"]+)"/g))
      queue.push(join(mantine(pkg), "esm", path));
    for (const [, pkg] of source.matchAll(/^import [^;]*? from "@mantine\/(dropzone|notifications)";/gm))
      queue.push(join(mantine(pkg), "esm", "index.mjs"));
  }
  const reached = new Set();
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, path] of source.matchAll(/(?:from|import) '(\.[^']+)'/g)) queue.push(resolve(dirname(file), path));
    // Other Mantine packages import the core by its index: only the names they import count.
    for (const [, names] of source.matchAll(/import \{([^}]*)\} from '@mantine\/core'/g))
      for (const spec of names
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const module = coreIndex.get(spec.split(/\s+as\s+/)[0].trim());
        if (module) queue.push(module);
      }
  }
  return reached;
}

const files = sourceFiles(join(root, "app")).filter((file) => file !== output);
const written = new Set(files.flatMap((file) => readFileSync(file, "utf8").match(classPattern) ?? []));
const classes = new Set(written);
for (const module of reachedModules(files))
  if (module.endsWith(".module.css.mjs"))
    for (const name of readFileSync(module, "utf8").match(classPattern) ?? []) classes.add(name);

const whole = readFileSync(join(mantine("core"), "styles.css"), "utf8");
const always = ["baseline.css", "default-css-variables.css", "global.css"];
const needed = readdirSync(stylesDirectory)
  .filter((name) => name.endsWith(".css") && !name.endsWith(".layer.css"))
  .map((name) => ({ name, source: readFileSync(join(stylesDirectory, name), "utf8") }))
  .filter(({ name, source }) => always.includes(name) || (source.match(classPattern) ?? []).some((c) => classes.has(c)))
  // styles.css's order: a component's rules come after those of the components it builds on.
  .map(({ name, source }) => ({
    name,
    at: always.includes(name) ? always.indexOf(name) - always.length : whole.indexOf(source.match(classPattern)[0]),
  }))
  .sort((a, b) => a.at - b.at);

// A class app/ writes by hand that no Mantine style file defines is a typo or a class Mantine dropped.
const packageStyles = ["notifications", "dropzone"].map((name) =>
  readFileSync(join(mantine(name), "styles.css"), "utf8"),
);
const unknown = [...written].filter((name) => ![whole, ...packageStyles].some((css) => css.includes(name)));
if (unknown.length > 0)
  throw new Error(`Mantine classes in app/ that no Mantine style file defines: ${unknown.join(", ")}`);

const text = [
  "/* Generated by `node scripts/mantine-css.mjs` from what app/ uses of Mantine: do not edit. */",
  ...needed.map(({ name }) => `@import "@mantine/core/styles/${name}";`),
  "",
].join("\n");

if (process.argv.includes("--check")) {
  const current = existsSync(output) ? readFileSync(output, "utf8") : "";
  if (current !== text) {
    console.error(`${relative(root, output)} is out of date: run node scripts/mantine-css.mjs`);
    process.exit(1);
  }
} else {
  writeFileSync(output, text);
  console.log(`${relative(root, output)}: ${needed.length} of Mantine's style files`);
}
