// Issue 39's show: a PostgreSQL outage loses no audit record. Two console processes on one host
// (one data directory) and one Manager (the standalone simulator) write to one PostgreSQL 15.
// Renames before the outage, several from both consoles during it — one of them killed with
// SIGKILL and started again in the middle — and after it: once PostgreSQL is back, every record is
// in the database once, in the order made. Meanwhile the spool's length rises and falls on
// /metrics and /readyz, and /auditLog shows the waiting records with the banner, in both languages.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startPostgresqlServer, type PostgresqlServer } from "../tests/support/postgresql-server";
import {
  startConsoleProcess,
  startSimulatorProcess,
  type ConsoleProcess,
  type SimulatorProcess,
} from "../tests/support/processes";
import { missingPrograms } from "../tests/support/system-programs";
import { freePort } from "./support/own-console";

const missing = missingPrograms("postgresql");
test.skip(missing !== null, missing ?? "");
test.describe.configure({ mode: "serial", timeout: 240_000 });

const metricsToken = "spool-metrics-token-0123456789";
let directory = "";
let postgresql: PostgresqlServer | undefined;
let databaseUrl = "";
let simulator: SimulatorProcess | undefined;
const consoles: ConsoleProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  directory = mkdtempSync(join(tmpdir(), "records-spool-"));
  postgresql = await startPostgresqlServer();
  databaseUrl = await postgresql.createDatabase();
  simulator = await startSimulatorProcess({ managerPort: await freePort(), identityPort: await freePort() });
});

test.afterAll(async () => {
  for (const running of consoles) await running.stop().catch(() => undefined);
  await simulator?.stop();
  await postgresql?.stop();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function startConsole() {
  const running = await startConsoleProcess({
    port: await freePort(),
    simulator: simulator!,
    dataDirectory: directory,
    env: { DATABASE_URL: databaseUrl, METRICS_TOKEN: metricsToken, WEB_CONCURRENCY: "1", LOG_LEVEL: "warn" },
  });
  consoles.push(running);
  return running;
}

/** Renames MCS-0042 through the session's console; returns the answer's request id. */
async function rename(session: ConsoleSession, name: string) {
  const answer = await session.fetch("/stations/MCS-0042?index", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "rename", name }).toString(),
  });
  expect([302, 303], `rename answered ${answer.status}`).toContain(answer.status);
  expect(answer.headers.get("location") ?? "").not.toMatch(/^\/login/);
  return answer.headers.get("x-request-id")!;
}

async function spoolLength(running: ConsoleProcess) {
  const answer = await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await answer.text();
  return Number(/^console_records_spool_length (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

interface Readiness {
  durableStore: { kind: string; answers: boolean; spool: { length: number; oldestAgeSeconds: number | null } };
}
async function readiness(running: ConsoleProcess) {
  const answer = await fetch(`${running.url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as Readiness };
}

/** The renames of MCS-0042 in the database, in the order of their time: request id and how often stored. */
async function storedRenames() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ request_id: string; copies: string }>(
      `SELECT request_id, count(*) AS copies FROM audit_records
       WHERE serial_number = 'MCS-0042' AND action = 'station.rename'
       GROUP BY request_id ORDER BY min(time)`,
    );
    return rows.map((row) => ({ requestId: row.request_id, copies: Number(row.copies) }));
  } finally {
    await client.end();
  }
}

/** What a page's main part says, as plain text. */
function textOf(page: string) {
  return page
    .slice(page.indexOf("<main"))
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

test("records made before, during and after a PostgreSQL outage, from two consoles and across a restart, are all stored once, in order", async () => {
  const first = await startConsole();
  let second = await startConsole();
  const [alice, bob] = await Promise.all([signInToConsole(first.url, "admin"), signInToConsole(second.url, "owner")]);
  const made: string[] = [await rename(alice, "Before the outage")];
  expect((await readiness(first)).body.durableStore).toEqual({
    kind: "postgres",
    answers: true,
    spool: { length: 0, oldestAgeSeconds: null },
  });

  const waiting = async () => (await spoolLength(first)) + (await spoolLength(second));
  await postgresql!.pause();
  let pausedAt = "";
  try {
    await expect.poll(async () => (await readiness(first)).body.durableStore.answers).toBe(false);
    for (const [index, session] of [alice, bob, alice, bob].entries())
      made.push(await rename(session, `During the outage ${index + 1}`));
    expect(await spoolLength(first)).toBe(2);
    expect(await spoolLength(second)).toBe(2);
    const ready = await readiness(second);
    expect(ready.status).toBe(200);
    expect(ready.body.durableStore).toMatchObject({ answers: false, spool: { length: 2 } });
    expect(ready.body.durableStore.spool.oldestAgeSeconds).toBeGreaterThanOrEqual(0);

    // The audit log cannot be read: the page shows the records that wait, with the banner.
    const page = await alice.fetch("/auditLog");
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain("4 records wait to be written; the log is complete again once the database answers.");
    expect(text).toContain("shown here are only the records that wait to be written");
    for (const requestId of made.slice(1)) expect(text).toContain(requestId);
    expect(text).not.toContain(made[0]);
    const german = textOf(await (await bob.fetch("/auditLog", { headers: { "accept-language": "de" } })).text());
    expect(german).toContain(
      "4 Einträge warten darauf, geschrieben zu werden; das Protokoll ist wieder vollständig, sobald die Datenbank antwortet.",
    );
    // The download is of the log: it says it cannot be read instead of handing out a part of it.
    expect((await alice.fetch("/auditLog/download")).status).toBe(503);

    // A rollout's state is not spooled: its screens say they cannot be used now, and nothing changes.
    const rollouts = await alice.fetch("/firmware/rollouts");
    expect(rollouts.status).toBe(503);
    expect(await rollouts.text()).toContain('data-error-page="rolloutsUnavailable"');
    const pause = await alice.fetch("/firmware/rollouts/1", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pauseRollout" }).toString(),
    });
    expect(pause.status).toBe(503);
    expect(textOf(await pause.text())).toContain("Rollouts unavailable");
    pausedAt = pause.headers.get("x-request-id")!;

    // The second console dies with its records in the spool, and is started again.
    second.signal("SIGKILL");
    await second.exited;
    second = await startConsole();
    const bobAgain = await signInToConsole(second.url, "owner");
    made.push(await rename(bobAgain, "During the outage, after the restart"));
    made.push(await rename(alice, "During the outage, last"));
    // The spool rises: the first console's three renames and the refused pause, the restarted
    // one's sign-in and rename — and the killed one's two renames, once one of them took them over.
    await expect.poll(waiting, { timeout: 20_000 }).toBe(8);
  } finally {
    await postgresql!.resume();
  }

  // And falls, to nothing, once PostgreSQL answers.
  await expect.poll(waiting, { timeout: 30_000 }).toBe(0);
  made.push(await rename(alice, "After the outage"));

  const stored = await storedRenames();
  expect(stored.map((row) => row.requestId)).toEqual(made);
  expect(stored.every((row) => row.copies === 1)).toBe(true);
  // The refused pause is recorded too, as failed for that reason.
  const pauses = await alice.fetch(`/auditLog?action=rollout.pause`);
  const pauseText = textOf(await pauses.text());
  expect(pauseText).toContain(pausedAt);
  expect(pauseText).toContain("rolloutsUnavailable");
  const page = textOf(await (await alice.fetch("/auditLog?station=MCS-0042")).text());
  expect(page).not.toContain("wait to be written");
  for (const requestId of made) expect(page).toContain(requestId);
  expect((await readiness(second)).body.durableStore.spool).toEqual({ length: 0, oldestAgeSeconds: null });
});
