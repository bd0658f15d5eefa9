// The demo needs no SESSION_SECRET: one is generated once and kept in the data directory, so a
// restart of the console keeps everyone signed in.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function sessionSecretsFor(configured: string[] | null, dataDirectory: string): string[] {
  if (configured) return configured;
  const file = join(dataDirectory, "console", "session-secret");
  if (existsSync(file)) return [readFileSync(file, "utf8").trim()];
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return [secret];
}
