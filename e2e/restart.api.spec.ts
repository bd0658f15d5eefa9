// A console restart keeps users signed in: sessions, the demo's session secret and the
// identity provider's keys all live in the data directory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startConsoleProcess } from "../tests/support/processes";
import { signInToConsole } from "../tests/support/console-session";

test("a console restart keeps users signed in", async () => {
  test.setTimeout(120_000);
  const dataDirectory = mkdtempSync(join(tmpdir(), "console-restart-"));
  const ports = { port: 3391, simulatorPort: 5391 };
  try {
    let consoleProcess = await startConsoleProcess({ stations: 20, ...ports, dataDirectory });
    const session = await signInToConsole(consoleProcess.url, "owner");
    expect((await session.fetch("/")).headers.get("location")).toBe("/dashboard");
    await consoleProcess.stop();

    consoleProcess = await startConsoleProcess({ stations: 20, ...ports, dataDirectory, reseed: false });
    try {
      const again = await session.fetch("/");
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe("/dashboard");
    } finally {
      await consoleProcess.stop();
    }
  } finally {
    rmSync(dataDirectory, { recursive: true, force: true });
  }
});
