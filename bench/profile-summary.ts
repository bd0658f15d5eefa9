// Where a CPU profile's time went: the top functions by self time, and the same time grouped by
// package (node_modules/<package>, the app's own code, Node's internals). Reads the .cpuprofile
// files that `node --cpu-prof` writes; used for bench/notes/render-cost.md. The server
// build bundles Mantine, conform and remix-i18next into build/index.js: a function there is
// named by the module esbuild's `// <path>` comment above it says it came from.
//   tsx bench/profile-summary.ts <file.cpuprofile | directory> [top=20]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Where each bundled module starts in a build file: esbuild writes `// <path>` above it. */
const bundles = new Map<string, Array<{ line: number; path: string }>>();

function modulesOf(url: string) {
  let modules = bundles.get(url);
  if (!modules) {
    modules = [];
    // Remix's server imports its build with a cache-busting query (build/index.js?t=…).
    const path = url.startsWith("file://") ? fileURLToPath(url.replace(/\?.*$/, "")) : url;
    if (/\/build\/[^/]+\.js$/.test(path) && existsSync(path))
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((text, line) => {
          const comment = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(text);
          if (comment) modules!.push({ line, path: comment[1]! });
        });
    bundles.set(url, modules);
  }
  return modules;
}

/** The source a frame's code came from: the bundled module's path, or the script's own URL. */
function sourceOf(frame: ProfileNode["callFrame"]) {
  const modules = modulesOf(frame.url);
  let found: string | undefined;
  for (const entry of modules) {
    if (entry.line > frame.lineNumber) break;
    found = entry.path;
  }
  return found ?? frame.url;
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script belongs to, as a reader would name it. */
export function packageOf(url: string): string {
  if (url === "") return "(native / V8)";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith("node:")) return "(node)";
  if (/\/build\//.test(url)) return "(app build)";
  if (/^(app|server|lib)\//.test(url)) return "(app)";
  return url.replace(/^file:\/\/.*\/(?=[^/]+\/[^/]+$)/, "");
}

function shortUrl(url: string) {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  return url.replace(/^file:\/\/.*?\/(build|app|server)\//, "$1/");
}

interface Window {
  fromMicroseconds: number;
  toMicroseconds: number;
}

function selfTimes(profile: CpuProfile, window?: Window) {
  const byNode = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.fromMicroseconds || at > window.toMicroseconds)) return;
    byNode.set(id, (byNode.get(id) ?? 0) + delta);
  });
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of byNode) {
    const frame = frames.get(id)!;
    if (frame.functionName === "(idle)") continue;
    total += micros;
    const source = sourceOf(frame);
    const where = source === frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : shortUrl(source);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url ? where : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const pkg = packageOf(source);
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  }
  return { functions, packages, total };
}

function files(path: string) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => join(path, name));
}

function table(title: string, entries: Map<string, number>, total: number, top: number) {
  const rows = [...entries].sort((a, b) => b[1] - a[1]).slice(0, top);
  const lines = rows.map(
    ([name, micros]) =>
      `| ${((micros / total) * 100).toFixed(1)} % | ${(micros / 1000).toFixed(0)} | ${name.replaceAll("|", "\\|")} |`,
  );
  return [`${title}`, "", "| self | ms | function |", "|---:|---:|---|", ...lines].join("\n");
}

if (process.argv[1]?.endsWith("profile-summary.ts")) {
  const [path, topArgument] = process.argv.slice(2);
  if (!path) throw new Error("usage: tsx bench/profile-summary.ts <file.cpuprofile | directory> [top]");
  const top = Number(topArgument ?? 20);
  // bench/render-cost.ts leaves the window of its requests next to the profile.
  const windowFile = statSync(path).isDirectory() ? join(path, "window.json") : join(dirname(path), "window.json");
  const window = existsSync(windowFile) ? (JSON.parse(readFileSync(windowFile, "utf8")) as Window) : undefined;
  for (const file of files(path)) {
    const { functions, packages, total } = selfTimes(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, window);
    const within = window ? ", within the requests' window" : "";
    console.log(`${file}: ${(total / 1000).toFixed(0)} ms of samples (idle excluded${within})\n`);
    console.log(table(`Top ${top} functions by self time`, functions, total, top));
    console.log("");
    console.log(table("Self time by package", packages, total, 12).replace("| function |", "| package |"));
    console.log("");
  }
}
