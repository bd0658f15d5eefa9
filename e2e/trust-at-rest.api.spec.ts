// Issue 11, item 8, as someone with a copy of the data directory would try it: the running
// console's session rows hold no readable token, and its files are the console user's only.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { signInToConsole } from "../tests/support/console-session";
import { consoleUrl, e2eDataDirectory } from "./support/ports";

const jwtPattern = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/;
const sessionsFile = join(e2eDataDirectory, "console", "sessions.sqlite");
const mode = (path: string) => statSync(path).mode & 0o777;

test("session rows hold no readable access, refresh or ID token", async () => {
  expect(e2eDataDirectory).not.toBe("");
  const session = await signInToConsole(consoleUrl, "admin");
  // The signed-in session works, so its row holds the tokens — sealed.
  expect((await session.fetch("/")).headers.get("location")).toBe("/dashboard");

  const database = new DatabaseSync(sessionsFile, { readOnly: true });
  try {
    const rows = database.prepare("SELECT data FROM sessions").all() as { data: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const { data } of rows) {
      expect(data).toMatch(/^v1\./);
      expect(data).not.toMatch(jwtPattern);
      expect(data).not.toMatch(/accessToken|refreshToken|idToken/);
    }
  } finally {
    database.close();
  }
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(sessionsFile + suffix))
      expect(readFileSync(sessionsFile + suffix).toString("latin1")).not.toMatch(jwtPattern);
  }
});

test("the data directory and its files are owner-only", async () => {
  await signInToConsole(consoleUrl, "owner");
  for (const directory of ["console", "simulator", "simulator/identity"])
    expect(mode(join(e2eDataDirectory, directory)), directory).toBe(0o700);
  const files = [
    "console/session-secret",
    "console/sessions.sqlite",
    "console/sessions.sqlite-wal",
    "console/sessions.sqlite-shm",
    "simulator/manager.sqlite",
    "simulator/identity/identity.sqlite",
    "simulator/identity/signing-keys.json",
    "simulator/identity/cookie-keys.json",
  ];
  for (const file of files) expect(mode(join(e2eDataDirectory, file)), file).toBe(0o600);
});
