// Issue 28 with PostgreSQL (DATABASE_URL): a record outlives the console's process; while the
// database is away every other screen keeps working, /readyz stays ready and says the store does
// not answer, /auditLog is its own 503 page, and each write's record goes in full to the JSON log
// and is counted in /metrics; once the database is back, the screen is too.
import { expect, test } from "@playwright/test";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startPostgresqlServer, type PostgresqlServer } from "../tests/support/postgresql-server";
import { startConsoleProcess, type ConsoleProcess } from "../tests/support/processes";
import { missingPrograms } from "../tests/support/system-programs";
import { freePort } from "./support/own-console";

const missing = missingPrograms("postgresql");
test.skip(missing !== null, missing ?? "");

const metricsToken = "audit-metrics-token-0123456789";
let postgresql: PostgresqlServer;
let databaseUrl: string;
const consoles: ConsoleProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgresql = await startPostgresqlServer();
  databaseUrl = await postgresql.createDatabase();
});

test.afterAll(async () => {
  await Promise.all(consoles.map((running) => running.stop()));
  await postgresql?.stop();
});

async function startConsole(simulatorPort: number) {
  const running = await startConsoleProcess({
    port: await freePort(),
    simulatorPort,
    stations: 20,
    captureOutput: true,
    env: { DATABASE_URL: databaseUrl, METRICS_TOKEN: metricsToken, LOG_LEVEL: "warn" },
  });
  consoles.push(running);
  return running;
}

/** Renames MCS-0042 and returns the answer's request id. */
async function rename(session: ConsoleSession, name: string) {
  const answer = await session.fetch("/stations/MCS-0042?index", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "rename", name }).toString(),
  });
  expect([200, 302, 303], `rename answered ${answer.status}`).toContain(answer.status);
  expect(answer.headers.get("location") ?? "").not.toMatch(/^\/login/);
  return answer.headers.get("x-request-id")!;
}

const readiness = async (running: ConsoleProcess) => {
  const answer = await fetch(`${running.url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as { durableStore?: { answers: boolean } } };
};

const failedRecords = async (running: ConsoleProcess) => {
  const text = await (
    await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  return Number(/^console_audit_records_failed_total (\d+)/m.exec(text)?.[1] ?? 0);
};

test("records outlive the process; with PostgreSQL stopped the rest works, /auditLog says so, records go to the log", async () => {
  test.setTimeout(180_000);
  const simulatorPort = await freePort();
  const first = await startConsole(simulatorPort);
  const renamed = await rename(await signInToConsole(first.url, "admin"), "Before the restart");
  await first.stop();

  const second = await startConsole(simulatorPort);
  const admin = await signInToConsole(second.url, "admin");
  const log = await admin.fetch("/auditLog?station=MCS-0042");
  expect(log.status).toBe(200);
  expect(await log.text()).toContain(renamed);
  expect((await readiness(second)).body.durableStore).toEqual({ kind: "postgres", answers: true });

  await postgresql.pause();
  try {
    await expect.poll(async () => (await readiness(second)).body.durableStore?.answers).toBe(false);
    expect((await readiness(second)).status).toBe(200);
    for (const path of ["/dashboard", "/stations", "/stations/MCS-0042", "/settings"])
      expect((await admin.fetch(path)).status, path).toBe(200);

    const page = await admin.fetch("/auditLog");
    expect(page.status).toBe(503);
    const text = await page.text();
    expect(text).toContain('data-error-page="auditLogUnavailable"');
    expect(text).toContain("Audit log unavailable");
    expect((await admin.fetch("/auditLog/download")).status).toBe(503);

    const before = await failedRecords(second);
    const during = await rename(admin, "During the outage");
    await expect.poll(() => failedRecords(second)).toBeGreaterThan(before);
    const lines = second
      .output()
      .split("\n")
      .filter((line) => line.includes('"audit record not stored"'));
    const logged = lines.map((line) => JSON.parse(line) as { auditRecord?: { requestId: string; action: string } });
    expect(logged.map((line) => line.auditRecord)).toContainEqual(
      expect.objectContaining({ requestId: during, action: "station.rename" }),
    );
  } finally {
    await postgresql.resume();
  }
  await expect.poll(async () => (await admin.fetch("/auditLog")).status, { timeout: 20_000 }).toBe(200);
});
