// Where a browser CPU profile's time went (bench/long-tasks.ts with BENCH_PROFILE_DIR): self time
// by script — the client build's chunks are minified and have no source maps, so each chunk is
// named by the packages that make up most of it (build/metafile.js.json, bytes in the chunk) —
// and V8's own items (garbage collector, program, compiling).
//   tsx bench/browser-profile.ts <file.cpuprofile> [build directory with build/metafile.js.json]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageOf } from "./profile-summary";

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
  samples: number[];
  timeDeltas: number[];
}
interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/** The packages with most bytes in a chunk, e.g. "@mantine/core 81 %, react 9 %". */
function chunkContents(metafile: Metafile, url: string) {
  const path = /\/build\/.*$/.exec(new URL(url).pathname)?.[0];
  const output = path ? metafile.outputs[`public${path}`] : undefined;
  if (!output) return "";
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(input);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    total += bytesInOutput;
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)} %`)
    .join(", ");
}

const [file, buildDirectory = process.cwd()] = process.argv.slice(2);
if (!file) throw new Error("usage: tsx bench/browser-profile.ts <file.cpuprofile> [build directory]");
const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
const metafile = JSON.parse(readFileSync(join(buildDirectory, "build/metafile.js.json"), "utf8")) as Metafile;
const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
const byScript = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const frame = frames.get(id)!;
  if (frame.functionName === "(idle)") return;
  const delta = profile.timeDeltas[index] ?? 0;
  const script = frame.url ? new URL(frame.url).pathname : frame.functionName || "(native)";
  byScript.set(script, (byScript.get(script) ?? 0) + delta);
  total += delta;
});
console.log(`${file}: ${(total / 1000).toFixed(0)} ms of samples (idle excluded)\n`);
console.log("| self | ms | script | mostly |\n|---:|---:|---|---|");
for (const [script, micros] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  const contents = script.startsWith("/build/") ? chunkContents(metafile, `http://host${script}`) : "";
  console.log(`| ${((micros / total) * 100).toFixed(1)} % | ${(micros / 1000).toFixed(0)} | ${script} | ${contents} |`);
}
