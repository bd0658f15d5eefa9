// Issue 15: two console instances on one redis-server and one Manager (the standalone simulator,
// each in its own process), behind nginx with round robin and no sticky sessions. A session
// signed in through the balancer is served by both; SIGKILL of one loses nothing but that
// instance; a rolling restart of both under a steady stream of page loads and form posts fails
// no request and loses no session; live updates reconnect to the surviving instance; and a token
// refresh racing across both instances happens once and keeps the user signed in. With one
// PostgreSQL for the durable store (issue 28): every write either instance took, through every
// restart (PostgreSQL's too), is in the audit log with the request id its answer carried.
// Runs alone with: npm run build && npx playwright test e2e/multi-instance.api.spec.ts
// (docs/decisions/019-multi-instance.md).
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from "@microsoft/signalr";
import { expect, test } from "@playwright/test";
import { hubMessages } from "../app/contract/hubs";
import { liveRetryPolicy } from "../app/live/retry-policy";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { servedByHeader, startBalancer, type Balancer } from "../tests/support/nginx-balancer";
import {
  startConsoleProcess,
  startSimulatorProcess,
  type ConsoleProcess,
  type SimulatorProcess,
} from "../tests/support/processes";
import { startPostgresqlServer, type PostgresqlServer } from "../tests/support/postgresql-server";
import { startRedisServer, type RedisServer } from "../tests/support/redis-server";
import { missingPrograms } from "../tests/support/system-programs";
import { demoAccounts } from "../simulator/identity";

const missing = missingPrograms("redis-server", "nginx", "postgresql");
const firstConsolePort = Number(process.env.MULTI_INSTANCE_CONSOLE_PORT ?? 3410);
const ports = {
  consoles: [firstConsolePort, firstConsolePort + 1],
  manager: Number(process.env.MULTI_INSTANCE_SIMULATOR_PORT ?? 5410),
  balancer: Number(process.env.MULTI_INSTANCE_BALANCER_PORT ?? 8410),
};
const identityPort = ports.manager + 1;
/**
 * The console refreshes a token two minutes before it expires (app/auth/guard.server.ts): with
 * 130 s, every session's token is due ten seconds after it was issued, so the restarts below
 * run with refreshes racing across the instances, and the race test's session is due by then.
 */
const accessTokenTtlSeconds = 130;
const refreshDueAfterMs = (accessTokenTtlSeconds - 120) * 1000;
/** Shown in the header of every page the admin sees signed in. */
const signedInName = demoAccounts.find((account) => account.username === "admin")!.name;

let redis: RedisServer | undefined;
let postgresql: PostgresqlServer | undefined;
let databaseUrl = "";
let simulator: SimulatorProcess | undefined;
let balancer: Balancer | undefined;
const instances: (ConsoleProcess | undefined)[] = [undefined, undefined];
const instanceOutput = ["", ""];
let session: ConsoleSession;
let raceSession: ConsoleSession;
let raceSignedInAt = 0;
let moderationPath = "";

const instanceAddress = (index: number) => `127.0.0.1:${ports.consoles[index]}`;

async function startInstance(index: number) {
  const consoleProcess = await startConsoleProcess({
    port: ports.consoles[index]!,
    simulator: simulator!,
    env: {
      REDIS_URL: redis!.url,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "1",
      PUBLIC_URL: `http://127.0.0.1:${ports.balancer}`,
      TRUST_PROXY: "loopback",
      SHUTDOWN_DELAY_MS: "500",
      SHUTDOWN_TIMEOUT_MS: "15000",
      LOG_LEVEL: "warn",
    },
    onOutput: (text) => (instanceOutput[index] += text),
  });
  instances[index] = consoleProcess;
  // /healthz answers once it listens; the balancer's traffic needs it ready.
  await expect
    .poll(async () => (await fetch(`${consoleProcess.url}/readyz`).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200);
}

interface Outcome {
  what: string;
  ok: boolean;
  status: number | string;
  /** The instance nginx took the answer from (the last it tried). */
  servedBy: string;
  detail: string;
  /** The answer's X-Request-Id. */
  requestId?: string;
}

/** Every form post answered, for the audit log's check. */
const posts: Outcome[] = [];

const lastServer = (response: Response) => response.headers.get(servedByHeader)?.split(", ").pop() ?? "";

/** A page load as the signed-in admin: the page itself, with the user's name in its header. */
async function loadPage(as: ConsoleSession, path: string): Promise<Outcome> {
  try {
    const response = await as.fetch(path);
    const page = await response.text();
    const ok = response.status === 200 && page.includes(signedInName);
    const detail = ok ? "" : `${response.headers.get("location") ?? ""} ${page.slice(0, 200)}`;
    return { what: `GET ${path}`, ok, status: response.status, servedBy: lastServer(response), detail };
  } catch (error) {
    return { what: `GET ${path}`, ok: false, status: "network", servedBy: "", detail: String(error) };
  }
}

/** Clearing the speakers of a moderation channel: safe to repeat, answered with a redirect back. */
async function postForm(as: ConsoleSession): Promise<Outcome> {
  try {
    const response = await as.fetch(moderationPath, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "clearSpeakers" }).toString(),
    });
    await response.arrayBuffer();
    const location = response.headers.get("location") ?? "";
    const ok = (response.status === 302 || response.status === 303) && location === moderationPath;
    const outcome = {
      what: "POST clearSpeakers",
      ok,
      status: response.status,
      servedBy: lastServer(response),
      detail: location,
      requestId: response.headers.get("x-request-id") ?? "",
    };
    posts.push(outcome);
    return outcome;
  } catch (error) {
    return { what: "POST clearSpeakers", ok: false, status: "network", servedBy: "", detail: String(error) };
  }
}

const pages = ["/dashboard", "/stations", "/moderation", "/settings"];

/** Page loads and form posts one after another on a few parallel lanes, until stopped. */
function steadyStream(as: ConsoleSession) {
  const outcomes: Outcome[] = [];
  let running = true;
  const lane = async (next: (step: number) => Promise<Outcome>) => {
    for (let step = 0; running; step += 1) outcomes.push(await next(step));
  };
  const lanes = Promise.all([
    lane((step) => loadPage(as, pages[step % pages.length]!)),
    lane((step) => loadPage(as, pages[(step + 2) % pages.length]!)),
    lane(() => postForm(as)),
  ]);
  return {
    outcomes,
    async stop() {
      running = false;
      await lanes;
      return outcomes;
    },
  };
}

const failures = (outcomes: Outcome[]) => outcomes.filter((outcome) => !outcome.ok);
const servers = (outcomes: Outcome[]) => new Set(outcomes.map((outcome) => outcome.servedBy));

async function identityRefreshes() {
  const state = (await (await fetch(`${simulator!.url}/__simulator/state`)).json()) as {
    identity: { refreshes: number };
  };
  return state.identity.refreshes;
}

/** A request of this session straight to one instance, past the balancer. */
async function loadPageAt(index: number, as: ConsoleSession, path: string): Promise<Outcome> {
  try {
    const response = await fetch(`${instances[index]!.url}${path}`, {
      // As the balancer forwards it: the console answers only for its PUBLIC_URL.
      headers: { cookie: as.cookie, "x-forwarded-host": `127.0.0.1:${ports.balancer}`, "x-forwarded-proto": "http" },
      redirect: "manual",
    });
    const page = await response.text();
    const ok = response.status === 200 && page.includes(signedInName);
    return {
      what: `GET ${path} at ${index}`,
      ok,
      status: response.status,
      servedBy: instanceAddress(index),
      detail: "",
    };
  } catch (error) {
    return { what: `GET ${path} at ${index}`, ok: false, status: "network", servedBy: "", detail: String(error) };
  }
}

/** Asks an instance that is starting, as soon as it accepts a connection. */
async function firstAnswerAt(index: number, as: ConsoleSession, path: string): Promise<Outcome> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const outcome = await loadPageAt(index, as, path);
    if (outcome.status !== "network" || Date.now() > deadline) return outcome;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test.describe.configure({ mode: "serial" });
test.skip(missing !== null, missing ?? "");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [redis, simulator, postgresql] = await Promise.all([
    startRedisServer(),
    startSimulatorProcess({
      stations: 20,
      managerPort: ports.manager,
      identityPort,
      accessTokenTtlSeconds,
      rotateRefreshTokens: true,
    }),
    startPostgresqlServer(),
  ]);
  databaseUrl = await postgresql.createDatabase();
  await Promise.all([startInstance(0), startInstance(1)]);
  balancer = await startBalancer({ port: ports.balancer, upstreams: [instanceAddress(0), instanceAddress(1)] });
  // Signed in now and left alone: its token is due when the race test runs.
  raceSession = await signInToConsole(balancer.url, "admin");
  raceSignedInAt = Date.now();
});

test.afterAll(async () => {
  await Promise.allSettled([balancer?.stop(), ...instances.map((instance) => instance?.stop())]);
  await Promise.allSettled([simulator?.stop(), redis?.stop(), postgresql?.stop()]);
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [index, output] of instanceOutput.entries())
    await testInfo.attach(`console ${instanceAddress(index)} output`, { body: output, contentType: "text/plain" });
  await testInfo.attach("nginx error log", { body: balancer?.errorLog() ?? "", contentType: "text/plain" });
});

test("a session signed in through the balancer is served by both instances", async () => {
  session = await signInToConsole(balancer!.url, "admin");
  const moderation = await session.fetch("/moderation");
  moderationPath = /href="(\/moderation\/[^"/]+\/\d+)"/.exec(await moderation.text())?.[1] ?? "";
  expect(moderationPath, "a moderation channel to post to").not.toBe("");

  const outcomes: Outcome[] = [];
  for (let step = 0; step < 4; step += 1) outcomes.push(await loadPage(session, pages[step]!), await postForm(session));
  expect(failures(outcomes)).toEqual([]);
  expect(servers(outcomes)).toEqual(new Set([instanceAddress(0), instanceAddress(1)]));
  // Every answer carries the reference to quote, whichever instance gave it.
  expect((await session.fetch("/dashboard")).headers.get("x-request-id")).toMatch(/\S/);
});

test("SIGKILL of one instance mid-session: the other serves on, and the restarted one takes the session back", async () => {
  test.setTimeout(90_000);
  instances[0]!.signal("SIGKILL");
  expect(await instances[0]!.exited).toBeNull();

  const whileDown: Outcome[] = [];
  for (let step = 0; step < 4; step += 1)
    whileDown.push(await loadPage(session, pages[step]!), await postForm(session));
  expect(failures(whileDown)).toEqual([]);
  expect(servers(whileDown)).toEqual(new Set([instanceAddress(1)]));

  await instances[0]!.stop();
  // A balancer without health checks sends requests as soon as an instance accepts connections:
  // its very first answer must already be the page, never "starting".
  const firstAnswer = firstAnswerAt(0, session, "/dashboard");
  await startInstance(0);
  expect(await firstAnswer).toMatchObject({ ok: true, status: 200 });
  const afterRestart: Outcome[] = [];
  for (let step = 0; step < 4; step += 1)
    afterRestart.push(await loadPage(session, pages[step]!), await postForm(session));
  expect(failures(afterRestart)).toEqual([]);
  expect(servers(afterRestart)).toEqual(new Set([instanceAddress(0), instanceAddress(1)]));
});

test("a rolling restart under page loads and form posts fails nothing, and live updates reconnect", async () => {
  test.setTimeout(120_000);
  const origin = balancer!.url;
  const hub = new HubConnectionBuilder()
    .withUrl(`${origin}/hubs/systemEventsHub`, {
      transport: HttpTransportType.WebSockets,
      headers: { cookie: session.cookie, origin },
    })
    .withAutomaticReconnect(liveRetryPolicy())
    .configureLogging(LogLevel.None)
    .build();
  const codes: string[] = [];
  hub.on(hubMessages.systemEventsHub.systemEventChanged, (event: { code: string }) => codes.push(event.code));
  let reconnects = 0;
  hub.onreconnected(() => (reconnects += 1));
  await hub.start();

  try {
    const stream = steadyStream(session);
    for (const index of [0, 1]) {
      const before = stream.outcomes.length;
      instances[index]!.signal("SIGTERM");
      // Drained and exited on its own: a clean exit, nothing cut off.
      expect(await instances[index]!.exited).toBe(0);
      await instances[index]!.stop();
      await startInstance(index);
      // The restarted instance takes its share again before the other one goes.
      await expect
        .poll(() => servers(stream.outcomes.slice(before)).has(instanceAddress(index)), { timeout: 30_000 })
        .toBe(true);
    }
    const outcomes = await stream.stop();
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.what.startsWith("POST")).length).toBeGreaterThan(5);
    expect(outcomes.filter((outcome) => outcome.what.startsWith("GET")).length).toBeGreaterThan(10);

    // Both instances restarted: the hub's socket was closed at least once and reconnected.
    await expect.poll(() => reconnects).toBeGreaterThan(0);
    await expect.poll(() => hub.state).toBe(HubConnectionState.Connected);
    const raised = await fetch(`${simulator!.url}/__simulator/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: 3, code: "audioInputLost", isDismissable: true, parameters: { channelIndex: "1" } }),
    });
    expect(raised.status).toBe(200);
    await expect.poll(() => codes).toContain("audioInputLost");
  } finally {
    await hub.stop();
  }
});

test("every write either instance took, through the restarts and PostgreSQL's, is in the audit log with its request id", async () => {
  test.setTimeout(60_000);
  const answered = posts.filter((post) => post.ok);
  expect(servers(answered)).toEqual(new Set([instanceAddress(0), instanceAddress(1)]));
  expect(answered.every((post) => post.requestId)).toBe(true);
  await postgresql!.pause();
  await postgresql!.resume();
  let csv = "";
  await expect
    .poll(
      async () => {
        const download = await session.fetch("/auditLog/download");
        csv = await download.text();
        return download.status;
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  const missingIds = answered.map((post) => post.requestId!).filter((requestId) => !csv.includes(requestId));
  expect(missingIds, `of ${answered.length} writes`).toEqual([]);
});

test("a token refresh racing across both instances happens once and keeps the user signed in", async () => {
  test.setTimeout(60_000);
  // The race session's token enters the refresh window refreshDueAfterMs after its sign-in;
  // the tests before have usually taken longer.
  const due = raceSignedInAt + refreshDueAfterMs + 1000;
  if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));

  const refreshesBefore = await identityRefreshes();
  const racing = await Promise.all(
    [0, 1, 0, 1, 0, 1, 0, 1].map((index, step) => loadPageAt(index, raceSession, pages[step % pages.length]!)),
  );
  expect(failures(racing)).toEqual([]);
  // The identity provider rotates refresh tokens: a second refresh with the same token would
  // have revoked the grant and signed the user out.
  expect(await identityRefreshes()).toBe(refreshesBefore + 1);

  const after = [await loadPage(raceSession, "/dashboard"), await loadPageAt(0, raceSession, "/stations")];
  expect(failures(after)).toEqual([]);
});

/** The Update calls each station received (only those with any), from the simulator's counters. */
async function firmwareUpdateCalls() {
  const response = await fetch(`${simulator!.url}/__simulator/firmware`);
  return ((await response.json()) as { stations: Record<string, { updateCalls: number }> }).stations;
}

async function simulatorControl(path: string, body: unknown) {
  const response = await fetch(`${simulator!.url}/__simulator/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
}

test("a rollout is driven by one instance at a time: each SIGKILL hands it to the other, every station sent Update once", async () => {
  test.setTimeout(240_000);
  // Four seconds an update (80 s simulated at 20×): the kills land in the middle of waves.
  await simulatorControl("clock", { speed: 20 });
  await simulatorControl("firmware", { durationMs: 80_000 });
  try {
    // Its own session: the rollout acts for it, refreshing its token (due every 10 s here) as it goes.
    const admin = await signInToConsole(balancer!.url, "admin");
    const started = await admin.fetch("/firmware/rollouts?index", {
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
    expect(started.status).toBe(302);
    const path = new URL(started.headers.get("location")!, balancer!.url).pathname;
    const state = async () => {
      const page = await (await admin.fetch(path)).text();
      // The main part as text (the scripts hold every text of the locale): "Rollout 1 Running Started …".
      const text = page
        .slice(page.indexOf("<main"))
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
      return /Rollout \d+ (.+?) Started/.exec(text)?.[1] ?? "";
    };
    const sent = async () => Object.keys(await firmwareUpdateCalls()).length;

    // Each instance is killed in turn while the rollout runs: whichever held its lease, the other
    // (or the restarted one) goes on with it.
    for (const index of [0, 1]) {
      const before = await sent();
      await expect.poll(sent, { timeout: 60_000 }).toBeGreaterThan(before);
      instances[index]!.signal("SIGKILL");
      await instances[index]!.exited;
      const atKill = await sent();
      await expect
        .poll(async () => (await sent()) > atKill || (await state()) === "Finished", { timeout: 60_000 })
        .toBe(true);
      await startInstance(index);
    }
    await expect.poll(state, { timeout: 120_000 }).toBe("Finished");
    const calls = await firmwareUpdateCalls();
    expect(Object.keys(calls).length).toBeGreaterThan(3);
    for (const [serialNumber, station] of Object.entries(calls)) {
      expect(station.updateCalls, `${serialNumber} was sent Update once`).toBe(1);
    }
  } finally {
    await simulatorControl("firmware", { durationMs: null });
  }
});
