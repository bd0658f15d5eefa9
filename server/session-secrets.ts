// The demo needs no SESSION_SECRET: one is generated once and kept in the data directory, so a
// restart of the console keeps everyone signed in.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { privateDirectory, privateFile } from "../lib/private-files";

export function sessionSecretsFor(configured: string[] | null, dataDirectory: string): string[] {
  if (configured) return configured;
  const file = join(dataDirectory, "console", "session-secret");
  privateDirectory(dirname(file));
  if (existsSync(file)) {
    privateFile(file);
    return [readFileSync(file, "utf8").trim()];
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return [secret];
}
