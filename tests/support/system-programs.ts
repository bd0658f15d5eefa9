// The system programs the tests run, where each is found and the Debian package that brings it.
// A test that needs one skips, when it is missing, with the message of `missingPrograms`
// ("needs lynx (apt-get install lynx)"); the vitest and Playwright reporters find that message in
// the skipped tests and end the run with one line naming every package to install.
// STATION_CONSOLE_HIDE_PROGRAMS=lynx,nginx reports programs missing although they are installed:
// how the skips are tried on a machine that has everything.
import { accessSync, constants, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, join } from "node:path";

/** Each program by its Debian package's name: `apt-get install <name>` brings it. */
export type SystemProgram = "chromium" | "lynx" | "w3m" | "nginx" | "redis-server" | "postgresql" | "poppler-utils";

function isExecutable(path: string) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A command the tests run by name, as the shell would find it on PATH. */
function onPath(command: string) {
  const found = (process.env.PATH ?? "")
    .split(delimiter)
    .filter(Boolean)
    .map((directory) => join(directory, command))
    .find(isExecutable);
  return found ?? null;
}

const atPath = (path: string) => (isExecutable(path) ? path : null);

/**
 * The browser the Playwright tests drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's headless shell
 * (package chromium-headless-shell: Chromium's engine without the desktop browser around it, what
 * Playwright itself runs headless; the browser projects took a quarter less time with it,
 * docs/decisions/067-one-walk-per-page-state.md), else Debian's Chromium, else Playwright's own
 * download (`npx playwright install chromium`), where machines without Debian's packages may have it.
 */
function chromiumPath() {
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return atPath(process.env.PLAYWRIGHT_CHROMIUM_PATH);
  const debian = atPath("/usr/bin/chromium-headless-shell") ?? atPath("/usr/bin/chromium");
  if (debian) return debian;
  // Loaded only here: most machines never need it, and the vitest runs never ask for Chromium.
  const { chromium } = createRequire(import.meta.url)("playwright-core") as typeof import("playwright-core");
  return atPath(chromium.executablePath());
}

const isPostgresqlBin = (bin: string) => isExecutable(join(bin, "initdb")) && isExecutable(join(bin, "postgres"));

/**
 * PostgreSQL's server programs are not on PATH: Debian keeps them in a directory per major
 * version. POSTGRESQL_BIN names one; else the newest that has both initdb and postgres.
 */
function postgresqlBinDirectory() {
  const named = process.env.POSTGRESQL_BIN;
  if (named) return isPostgresqlBin(named) ? named : null;
  const root = "/usr/lib/postgresql";
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return null;
  }
  const found = versions
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, "bin"))
    .find(isPostgresqlBin);
  return found ?? null;
}

/** Where each program is: its executable, or for PostgreSQL the bin directory holding initdb and postgres. */
const locate: Record<SystemProgram, () => string | null> = {
  chromium: chromiumPath,
  lynx: () => onPath("lynx"),
  w3m: () => onPath("w3m"),
  // Not looked up on PATH: /usr/sbin is not on every user's.
  nginx: () => atPath(process.env.NGINX ?? "/usr/sbin/nginx"),
  "redis-server": () => atPath(process.env.REDIS_SERVER ?? "/usr/bin/redis-server"),
  postgresql: postgresqlBinDirectory,
  // The signs' test renders Chromium's PDFs to images with its pdftoppm.
  "poppler-utils": () => onPath("pdftoppm"),
};

const systemPrograms = Object.keys(locate) as SystemProgram[];

function hiddenPrograms() {
  const hidden = (process.env.STATION_CONSOLE_HIDE_PROGRAMS ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = hidden.filter((name) => !systemPrograms.includes(name as SystemProgram));
  // A misspelt name would hide nothing and prove nothing.
  if (unknown.length > 0) {
    throw new Error(
      `STATION_CONSOLE_HIDE_PROGRAMS names ${unknown.join(", ")}; the programs are ${systemPrograms.join(", ")}`,
    );
  }
  return hidden as SystemProgram[];
}

/**
 * Where the program is (for PostgreSQL its bin directory: `join(path, "initdb")`), or null when
 * it is not installed or STATION_CONSOLE_HIDE_PROGRAMS hides it.
 */
export function systemProgram(program: SystemProgram): string | null {
  return hiddenPrograms().includes(program) ? null : locate[program]();
}

/** Like `systemProgram`, for a test that has already skipped when it is missing. */
export function requireSystemProgram(program: SystemProgram): string {
  const path = systemProgram(program);
  if (path === null) throw new Error(missingPrograms(program)!);
  return path;
}

/**
 * The skip message for the programs that are missing of those a test needs, e.g.
 * "needs lynx (apt-get install lynx)", or null when all are installed.
 */
export function missingPrograms(...programs: SystemProgram[]): string | null {
  const missing = programs.filter((program) => systemProgram(program) === null);
  return missing.length === 0 ? null : `needs ${missing.join(", ")} (apt-get install ${missing.join(" ")})`;
}

/** The programs a skip message of `missingPrograms` names, found anywhere in `text` (a test's name too). */
export function programsInSkipMessage(text: string | undefined): SystemProgram[] {
  const match = /needs ([\w-]+(?:, [\w-]+)*) \(apt-get install [\w -]+\)/.exec(text ?? "");
  if (!match) return [];
  return match[1]!.split(", ").filter((name): name is SystemProgram => systemPrograms.includes(name as SystemProgram));
}

/**
 * Counts skipped tests by the programs they needed and writes the run's last line, e.g.
 * "Skipped for missing programs: 34 tests need lynx, 1 test needs nginx — apt-get install lynx nginx".
 */
export class MissingProgramsTally {
  private readonly skippedTests = new Map<SystemProgram, number>();

  /** A skipped test, with its skip message (or a name holding it); other skips count for nothing. */
  add(skipText: string | undefined) {
    for (const program of programsInSkipMessage(skipText)) {
      this.skippedTests.set(program, (this.skippedTests.get(program) ?? 0) + 1);
    }
  }

  summary() {
    if (this.skippedTests.size === 0) return "Skipped for missing programs: none";
    const programs = systemPrograms.filter((program) => this.skippedTests.has(program));
    const counts = programs.map((program) => {
      const count = this.skippedTests.get(program)!;
      return count === 1 ? `1 test needs ${program}` : `${count} tests need ${program}`;
    });
    return `Skipped for missing programs: ${counts.join(", ")} — apt-get install ${programs.join(" ")}`;
  }
}
