// Issue 27, item 4: a rollout runs on the server, once. Two console processes on one host (one
// data directory: the shared store's SQLite file and the durable records) and one Manager (the
// standalone simulator). The first starts a rollout and drives it; it is killed with SIGKILL in
// the middle of a wave; the second takes the rollout's lease over within seconds, resumes from
// the stored state and the Manager's firmware statuses, and finishes it — with no station sent
// Update twice (the simulator counts every call).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import {
  startConsoleProcess,
  startSimulatorProcess,
  type ConsoleProcess,
  type SimulatorProcess,
} from "../tests/support/processes";
import { freePort } from "./support/own-console";

let directory = "";
let simulator: SimulatorProcess | undefined;
const consoles: ConsoleProcess[] = [];

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "rollout-takeover-"));
  const managerPort = await freePort();
  simulator = await startSimulatorProcess({ managerPort, identityPort: await freePort(), stations: 40 });
});

test.afterAll(async () => {
  for (const running of consoles) await running.stop().catch(() => undefined);
  await simulator?.stop();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function control(path: string, body: unknown) {
  const response = await fetch(`${simulator!.url}/__simulator/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
}

async function updateCalls(): Promise<Record<string, { updateCalls: number; updatesStarted: number }>> {
  const response = await fetch(`${simulator!.url}/__simulator/firmware`);
  return ((await response.json()) as { stations: Record<string, { updateCalls: number; updatesStarted: number }> })
    .stations;
}

async function startConsole() {
  return startConsoleProcess({
    port: await freePort(),
    simulator: simulator!,
    dataDirectory: directory,
    env: { WEB_CONCURRENCY: "1", LOG_LEVEL: "warn" },
  });
}

/** What a page's main part says, as plain text (its scripts hold every text of the locale). */
function textOf(page: string) {
  return page
    .slice(page.indexOf("<main"))
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** The rollout page as the signed-in admin, on whichever console is asked. */
async function rolloutPage(on: ConsoleProcess, session: ConsoleSession, path: string) {
  const response = await fetch(`${on.url}${path}`, { headers: { cookie: session.cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

test("a rollout goes on across a SIGKILL of the process driving it, no station updated twice", async () => {
  // Two seconds an update (40 s simulated at 20×): the kill lands in the middle of a wave.
  await control("clock", { speed: 20 });
  await control("firmware", { durationMs: 40_000 });
  const first = await startConsole();
  consoles.push(first);
  const session = await signInToConsole(first.url, "admin");

  // Every station behind the newest firmware, in waves of 1 then 2, listeners or not.
  const started = await session.fetch("/firmware/rollouts?index", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "startRollout",
      "version-2": "6.10.0",
      source: "needUpdate",
      firstWaveSize: "1",
      waveSize: "2",
      updateNow: "on",
      eulaAccepted: "on",
    }).toString(),
    redirect: "manual",
  });
  expect(started.status, await started.clone().text()).toBe(302);
  const path = new URL(started.headers.get("location")!, first.url).pathname;
  expect(path).toMatch(/^\/firmware\/rollouts\/\d+$/);

  // The first process drives: wave 0, then wave 1 under way.
  await expect.poll(async () => Object.keys(await updateCalls()).length, { timeout: 60_000 }).toBeGreaterThan(1);
  const second = await startConsole();
  consoles.push(second);
  first.signal("SIGKILL");
  await first.exited;
  const sentBeforeKill = Object.keys(await updateCalls()).length;

  // The second takes over within seconds and finishes it.
  await expect
    .poll(async () => Object.keys(await updateCalls()).length, { timeout: 30_000 })
    .toBeGreaterThan(sentBeforeKill);
  await expect
    .poll(async () => textOf(await rolloutPage(second, session, path)), { timeout: 150_000 })
    .toMatch(/Rollout \d+ Finished Started/);

  const calls = await updateCalls();
  expect(Object.keys(calls).length).toBeGreaterThan(3);
  for (const [serialNumber, station] of Object.entries(calls)) {
    expect(station.updateCalls, `${serialNumber} was sent Update once`).toBe(1);
    expect(station.updatesStarted, serialNumber).toBe(1);
  }
});
