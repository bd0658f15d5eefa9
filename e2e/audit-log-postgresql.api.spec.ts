// Issue 28 with PostgreSQL (DATABASE_URL): a record outlives the console's process; while the
// database is away every other screen keeps working, /readyz stays ready and says the store does
// not answer, /auditLog is its own 503 page until a record waits in the spool (issue 39) — then it
// shows that record with the banner — and once the database is back, the record is in the log.
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

const metric = async (running: ConsoleProcess, name: string) => {
  const text = await (
    await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  return Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1] ?? 0);
};

test("records outlive the process; with PostgreSQL stopped the rest works, /auditLog says so, records wait in the spool", async () => {
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
  expect((await readiness(second)).body.durableStore).toEqual({
    kind: "postgres",
    answers: true,
    spool: { length: 0, oldestAgeSeconds: null },
  });

  await postgresql.pause();
  let during = "";
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

    during = await rename(admin, "During the outage");
    expect(await metric(second, "console_records_spool_length")).toBe(1);
    expect(await metric(second, "console_audit_records_failed_total")).toBe(0);
    expect(second.output()).toContain("records wait in the spool until it answers");
    const waiting = await admin.fetch("/auditLog");
    expect(waiting.status).toBe(200);
    const shown = await waiting.text();
    expect(shown).toContain("1 record waits to be written; the log is complete again once the database answers.");
    expect(shown).toContain(during);
  } finally {
    await postgresql.resume();
  }
  await expect.poll(() => metric(second, "console_records_spool_length"), { timeout: 20_000 }).toBe(0);
  const after = await admin.fetch("/auditLog?station=MCS-0042");
  expect(after.status).toBe(200);
  const text = await after.text();
  // The hole: the record written while PostgreSQL was down is in the log once it is back.
  expect(text).toContain(renamed);
  expect(text).toContain(during);
  // No banner (the page's scripts carry its text with the "{{count}}" still in it).
  expect(text).not.toMatch(/\d+ records? waits? to be written/);
});
