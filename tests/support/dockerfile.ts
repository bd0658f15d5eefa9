// Reads the Dockerfile and .dockerignore the way `docker build` does, for the test that builds the
// production image's file set without a container runtime: stages and their instructions, the
// exec-form CMD and HEALTHCHECK, COPY sources, ENV, and which context paths are left out.
import { matchesGlob } from "node:path";

export interface Instruction {
  keyword: string;
  /** The rest of the line, continuations joined. */
  text: string;
}

export interface Stage {
  name: string | null;
  /** The image or earlier stage it starts from. */
  base: string;
  instructions: Instruction[];
}

/** The stages in order; comments dropped, `\` continuations joined. */
export function parseDockerfile(source: string): Stage[] {
  const lines = source.split("\n").filter((line) => !/^\s*#/.test(line));
  const joined = lines.join("\n").replace(/\\\n/g, " ");
  const stages: Stage[] = [];
  for (const line of joined.split("\n")) {
    const match = /^\s*([A-Za-z]+)\s+(.*\S)\s*$/.exec(line);
    if (!match) continue;
    const keyword = match[1]!.toUpperCase();
    const text = match[2]!.replace(/\s+/g, " ");
    if (keyword === "FROM") {
      const [base = "", , name = null] = text.split(" ");
      stages.push({ name, base, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before the first FROM`);
    stage.instructions.push({ keyword, text });
  }
  return stages;
}

/** The working directory a stage's relative paths start from, WORKDIR inherited from the stage it starts from. */
export function workingDirectory(stages: Stage[], stage: Stage): string {
  const own = instructions(stage, "WORKDIR").at(-1);
  if (own) return own;
  const parent = stages.find((candidate) => candidate.name === stage.base);
  return parent ? workingDirectory(stages, parent) : "/";
}

export function instructions(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).map(({ text }) => text);
}

/** `--name=value` options first, then the rest. */
function splitOptions(text: string): { options: Map<string, string>; rest: string } {
  const options = new Map<string, string>();
  let rest = text;
  for (let match = /^--([a-z-]+)=(\S+)\s+/.exec(rest); match; match = /^--([a-z-]+)=(\S+)\s+/.exec(rest)) {
    options.set(match[1]!, match[2]!);
    rest = rest.slice(match[0].length);
  }
  return { options, rest };
}

function execForm(text: string, what: string): string[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === "string"))
    throw new Error(`${what} is not in exec form (a JSON array of strings): ${text}`);
  return parsed;
}

/** The last stage's CMD, in exec form. */
export function command(stage: Stage): string[] {
  const text = instructions(stage, "CMD").at(-1);
  if (!text) throw new Error("the stage has no CMD");
  return execForm(text, "CMD");
}

/** The HEALTHCHECK's command, in exec form. */
export function healthCheck(stage: Stage): string[] {
  const text = instructions(stage, "HEALTHCHECK").at(-1);
  if (!text) throw new Error("the stage has no HEALTHCHECK");
  const { rest } = splitOptions(text);
  if (!rest.startsWith("CMD ")) throw new Error(`HEALTHCHECK without CMD: ${text}`);
  return execForm(rest.slice("CMD ".length), "HEALTHCHECK CMD");
}

/** ENV KEY=value pairs (values without spaces or quotes, as ours are). */
export function environment(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const text of instructions(stage, "ENV")) {
    for (const pair of text.split(" ")) {
      const [key, ...value] = pair.split("=");
      if (!key || value.length === 0) throw new Error(`ENV not in KEY=value form: ${text}`);
      env[key] = value.join("=");
    }
  }
  return env;
}

export interface Copy {
  /** The stage copied from, or null for the build context. */
  from: string | null;
  sources: string[];
  destination: string;
}

export function copies(stage: Stage): Copy[] {
  return instructions(stage, "COPY").map((text) => {
    const { options, rest } = splitOptions(text);
    const parts = rest.split(" ");
    if (parts.length < 2) throw new Error(`COPY needs a source and a destination: ${text}`);
    return { from: options.get("from") ?? null, sources: parts.slice(0, -1), destination: parts.at(-1)! };
  });
}

/** Whether .dockerignore leaves a context path (relative, with "/") out: it or a folder above it matches. */
export function dockerIgnored(patterns: string[], relativePath: string): boolean {
  const parts = relativePath.split("/");
  return parts.some((_, index) => {
    const path = parts.slice(0, index + 1).join("/");
    return patterns.some((pattern) => matchesGlob(path, pattern));
  });
}

export function parseDockerIgnore(source: string): string[] {
  const patterns = source
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const negated = patterns.find((pattern) => pattern.startsWith("!"));
  if (negated) throw new Error(`this reader does not handle exceptions (${negated}) in .dockerignore`);
  return patterns.map((pattern) => pattern.replace(/^\/+|\/+$/g, ""));
}
