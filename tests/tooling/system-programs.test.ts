// The lookup behind every skip for a missing system program, and the line that ends a test run:
// a missing program is found missing whatever hides it, the skip message names its Debian
// package, and the reporters read the message back from a skip reason or a test's name.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MissingProgramsTally,
  missingPrograms,
  programsInSkipMessage,
  requireSystemProgram,
  systemProgram,
} from "../support/system-programs";

let directory: string;
const hiddenByTheRun = process.env.STATION_CONSOLE_HIDE_PROGRAMS ?? "";

/** An executable file that does nothing, where a test wants a program to be. */
function fakeProgram(path: string) {
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, 0o755);
  return path;
}

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "system-programs-"));
  vi.stubEnv("STATION_CONSOLE_HIDE_PROGRAMS", "");
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(directory, { recursive: true, force: true });
});

describe("finding a program", () => {
  it("finds a text browser on PATH, and not where PATH does not lead", () => {
    const lynx = fakeProgram(join(directory, "lynx"));
    vi.stubEnv("PATH", `/nonexistent:${directory}`);
    expect(systemProgram("lynx")).toBe(lynx);
    vi.stubEnv("PATH", "/nonexistent");
    expect(systemProgram("lynx")).toBeNull();
  });

  it("takes a file that is not executable for missing", () => {
    writeFileSync(join(directory, "redis-server"), "");
    vi.stubEnv("REDIS_SERVER", join(directory, "redis-server"));
    expect(systemProgram("redis-server")).toBeNull();
  });

  it("finds nginx and redis-server where their variables point", () => {
    vi.stubEnv("NGINX", fakeProgram(join(directory, "nginx")));
    vi.stubEnv("REDIS_SERVER", join(directory, "absent"));
    expect(systemProgram("nginx")).toBe(join(directory, "nginx"));
    expect(systemProgram("redis-server")).toBeNull();
  });

  it("answers PostgreSQL's bin directory, only when it holds initdb and postgres", () => {
    vi.stubEnv("POSTGRESQL_BIN", directory);
    fakeProgram(join(directory, "initdb"));
    expect(systemProgram("postgresql")).toBeNull();
    fakeProgram(join(directory, "postgres"));
    expect(systemProgram("postgresql")).toBe(directory);
  });

  it("finds Debian's newest versioned PostgreSQL directory", (context) => {
    vi.stubEnv("POSTGRESQL_BIN", "");
    // As the run was started: STATION_CONSOLE_HIDE_PROGRAMS=postgresql tries this skip.
    vi.stubEnv("STATION_CONSOLE_HIDE_PROGRAMS", hiddenByTheRun);
    const missing = missingPrograms("postgresql");
    context.skip(missing !== null, missing ?? "");
    expect(systemProgram("postgresql")).toMatch(/^\/usr\/lib\/postgresql\/[\d.]+\/bin$/);
  });

  it("reports hidden programs missing, and refuses a name it does not know", () => {
    const bin = join(directory, "bin");
    mkdirSync(bin);
    vi.stubEnv("PATH", bin);
    fakeProgram(join(bin, "w3m"));
    vi.stubEnv("STATION_CONSOLE_HIDE_PROGRAMS", "w3m, nginx");
    expect(systemProgram("w3m")).toBeNull();
    expect(() => requireSystemProgram("w3m")).toThrow("needs w3m (apt-get install w3m)");
    vi.stubEnv("STATION_CONSOLE_HIDE_PROGRAMS", "w3m,redis");
    expect(() => systemProgram("w3m")).toThrow(/STATION_CONSOLE_HIDE_PROGRAMS names redis; the programs are/);
  });
});

describe("the skip message", () => {
  it("names the missing programs of those a test needs and the one apt-get line, or is null", () => {
    vi.stubEnv("NGINX", fakeProgram(join(directory, "nginx")));
    vi.stubEnv("REDIS_SERVER", join(directory, "absent"));
    expect(missingPrograms("nginx")).toBeNull();
    expect(missingPrograms("redis-server", "nginx")).toBe("needs redis-server (apt-get install redis-server)");
    vi.stubEnv("STATION_CONSOLE_HIDE_PROGRAMS", "nginx");
    expect(missingPrograms("redis-server", "nginx")).toBe(
      "needs redis-server, nginx (apt-get install redis-server nginx)",
    );
  });

  it("is read back from a skip reason or a test's full name, and nothing else is", () => {
    expect(programsInSkipMessage("needs redis-server, nginx (apt-get install redis-server nginx)")).toEqual([
      "redis-server",
      "nginx",
    ]);
    expect(
      programsInSkipMessage(
        "the shared store on Redis (skipped: needs redis-server (apt-get install redis-server)) > locks",
      ),
    ).toEqual(["redis-server"]);
    expect(programsInSkipMessage("lynx is not installed")).toEqual([]);
    expect(programsInSkipMessage(undefined)).toEqual([]);
  });
});

describe("the run's last line", () => {
  it("counts the tests per program and installs each package once", () => {
    const tally = new MissingProgramsTally();
    for (let test = 0; test < 3; test += 1) tally.add("needs lynx (apt-get install lynx)");
    tally.add("needs redis-server, nginx (apt-get install redis-server nginx)");
    tally.add("skipped on purpose");
    tally.add(undefined);
    expect(tally.summary()).toBe(
      "Skipped for missing programs: 3 tests need lynx, 1 test needs nginx, 1 test needs redis-server — apt-get install lynx nginx redis-server",
    );
  });

  it("says none when nothing was skipped for a program", () => {
    const tally = new MissingProgramsTally();
    tally.add("skipped on purpose");
    expect(tally.summary()).toBe("Skipped for missing programs: none");
  });
});
