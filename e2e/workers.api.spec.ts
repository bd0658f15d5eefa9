// Issue 14.5: WEB_CONCURRENCY worker processes serve one port and share what the console keeps
// between requests. The console runs with two workers against the standalone simulator (the
// built-in one keeps the console to one process). Which worker answered is read from the
// console's own log: every request's line carries its reference (X-Request-Id, also in the
// answer) and the process id of the worker that wrote it. Node's cluster hands new connections
// to the workers in turn, so each request below opens a connection of its own.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { WebSocket } from "ws";
import { expect, test } from "@playwright/test";
import type { ModerationChannel } from "../app/contract/moderation";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { signInWithPassword } from "../tests/support/identity";
import {
  startConsoleProcess,
  startSimulatorProcess,
  type ConsoleProcess,
  type SimulatorProcess,
} from "../tests/support/processes";
import { freePort } from "./support/own-console";

const metricsToken = "workers-metrics-token-0123456789";
const signInLimit = 20;
const tokensPath = "/configuration/api/v1.0/tokens";
const moderationPath = "/configuration/api/v1.0/moderation/";

interface Answer {
  status: number;
  /** The process id of the worker that answered, from its log line. */
  worker: number;
  location: string | undefined;
  body: string;
}

let simulator: SimulatorProcess;
let consoleProcess: ConsoleProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  simulator = await startSimulatorProcess({
    stations: 20,
    managerPort: await freePort(),
    identityPort: await freePort(),
  });
  consoleProcess = await startConsoleProcess({
    port: await freePort(),
    simulator,
    captureOutput: true,
    env: {
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN: metricsToken,
      SIGN_IN_RATE_LIMIT_PER_MINUTE: String(signInLimit),
      // The rate-limit test plays clients behind a proxy on loopback, each with its own address.
      TRUST_PROXY: "loopback",
      SHUTDOWN_TIMEOUT_MS: "20000",
      // The hub bridge's sockets are logged at debug.
      LOG_LEVEL: "debug",
    },
  });
  // Ready once both workers serve (the first may answer /healthz before the second listens).
  await expect.poll(() => workersServing().length, { timeout: 60_000 }).toBe(2);
});

test.afterAll(async () => {
  await consoleProcess?.stop();
  await simulator?.stop();
});

interface LogLine {
  pid: number;
  msg: string;
  requestId?: string;
  worker?: number;
  hub?: string;
  restartInMs?: number;
}

function logLines(): LogLine[] {
  return consoleProcess
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The workers the primary reported serving and that have not exited since. */
function workersServing(): number[] {
  const serving = new Set<number>();
  for (const line of logLines()) {
    if (line.msg === "Worker is serving") serving.add(line.worker!);
    if (line.msg.startsWith("A worker exited unexpectedly")) serving.delete(line.worker!);
  }
  return [...serving];
}

/** One request on a connection of its own, and the worker that answered it. */
async function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(path, consoleProcess.url);
  const { status, headers, body } = await new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const outgoing = httpRequest(url, { method: options.method ?? "GET", headers: options.headers, agent: false });
    outgoing.on("response", (incoming) => {
      let text = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (part: string) => (text += part));
      incoming.on("end", () => resolve({ status: incoming.statusCode!, headers: incoming.headers, body: text }));
    });
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
  const requestId = String(headers["x-request-id"]);
  // The line is written as the answer finishes; it may reach the pipe a moment after.
  let worker = 0;
  await expect
    .poll(() => (worker = logLines().find((line) => line.requestId === requestId && line.msg === "request")?.pid ?? 0))
    .toBeGreaterThan(0);
  return { status, worker, location: headers.location as string | undefined, body };
}

let adminToken: Promise<string> | undefined;

/** The simulator's Manager API, as an admin. */
async function managerApi(path: string): Promise<unknown> {
  adminToken ??= signInWithPassword({
    issuer: consoleProcess.issuer,
    clientId: "station-console",
    clientSecret: "station-console-development-secret",
    redirectUri: `${consoleProcess.url}/login`,
    username: "admin",
    password: "admin",
  }).then((tokens) => tokens.accessToken);
  const answer = await fetch(`${simulator.url}${path}`, { headers: { authorization: `Bearer ${await adminToken}` } });
  expect(answer.status).toBe(200);
  return answer.json();
}

/** A listener asks for the mic (the simulator's test control); false where the channel refuses. */
async function askForMic(channel: ModerationChannel, displayName: string) {
  const answer = await fetch(`${simulator.url}/__simulator/listeners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ serialNumber: channel.stationSerialNumber, channelIndex: channel.index, displayName }),
  });
  await answer.arrayBuffer();
  return answer.ok;
}

async function channelNow(channel: ModerationChannel) {
  const channels = (await managerApi(moderationPath)) as ModerationChannel[];
  return channels.find((each) => each.id === channel.id)!;
}

function withSession(session: ConsoleSession, headers: Record<string, string> = {}) {
  return { cookie: session.cookie, ...headers };
}

async function loginPageCount(): Promise<number> {
  const answer = await fetch(`${consoleProcess.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(answer.status).toBe(200);
  const text = await answer.text();
  const line = text
    .split("\n")
    .find((candidate) =>
      candidate.startsWith(
        'console_http_request_duration_seconds_count{route="routes/login",method="GET",status="200"}',
      ),
    );
  return Number(line?.split(" ").at(-1) ?? 0);
}

test("requests are served by both workers, and /metrics on either adds up both workers' counts", async () => {
  const before = await loginPageCount();
  const answers: Answer[] = [];
  for (let index = 0; index < 6; index += 1) answers.push(await send("/login"));
  expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
  expect(new Set(answers.map((answer) => answer.worker)).size).toBe(2);
  // Each scrape reaches one worker; every one of them answers the sum of both.
  expect(await loginPageCount()).toBe(before + 6);
  expect(await loginPageCount()).toBe(before + 6);
});

test("each worker runs with the production allocator settings", () => {
  const [, ...workers] = consoleProcess.rssPerProcess().map((entry) => entry.pid);
  expect(workers).toHaveLength(2);
  for (const worker of workers)
    expect(readFileSync(`/proc/${worker}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
});

test("a session signed in on one worker works on the other", async () => {
  const session = await signInToConsole(consoleProcess.url, "admin");
  const answers: Answer[] = [];
  for (let index = 0; index < 4; index += 1) answers.push(await send("/stations", { headers: withSession(session) }));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  expect(answers.every((answer) => answer.body.includes("MCS-0001"))).toBe(true);
  expect(new Set(answers.map((answer) => answer.worker)).size).toBe(2);
});

test("a once-per-submission id used on one worker is a repeat on the other: one token is created", async () => {
  const session = await signInToConsole(consoleProcess.url, "admin");
  const page = await send("/apiTokens?dialog=addToken", { headers: withSession(session) });
  const submissionId = /name="submissionId" value="([^"]+)"/.exec(page.body)?.[1];
  expect(submissionId).toBeTruthy();
  const form = new URLSearchParams({
    intent: "createToken",
    submissionId: submissionId!,
    name: "Sent to both workers",
    expiryPreset: "oneWeek",
    expiryInDays: "7",
    scopes: "channels.read",
  }).toString();
  const post = () =>
    send("/apiTokens?dialog=addToken", {
      method: "POST",
      headers: withSession(session, {
        "content-type": "application/x-www-form-urlencoded",
        origin: new URL(consoleProcess.url).origin,
      }),
      body: form,
    });
  const first = await post();
  const repeats = [await post()];
  // Connections go to the workers in turn; send again until the other worker had the repeat.
  while (repeats.every((repeat) => repeat.worker === first.worker) && repeats.length < 4) repeats.push(await post());
  expect([first, ...repeats].map((answer) => [answer.status, answer.location])).toEqual(
    Array(repeats.length + 1).fill([302, "/apiTokens"]),
  );
  expect(repeats.some((repeat) => repeat.worker !== first.worker)).toBe(true);

  const tokens = (await managerApi(tokensPath)) as Array<{ name: string }>;
  expect(tokens.filter((token) => token.name === "Sent to both workers")).toHaveLength(1);
});

test("the same Next speaker form sent to both workers at once advances the queue once", async () => {
  const channels = (await managerApi(moderationPath)) as ModerationChannel[];
  // A moderated channel whose queue takes listeners: three ask for the mic, the first speaks.
  let channel: ModerationChannel | undefined;
  for (const candidate of channels.filter((each) => each.isQueueEnabled && each.speakers.length === 0)) {
    const names = ["First", "Second", "Third"].map((name) => `${name} at ${candidate.stationSerialNumber}`);
    const asked = await askForMic(candidate, names[0]!);
    if (!asked) continue;
    await askForMic(candidate, names[1]!);
    await askForMic(candidate, names[2]!);
    channel = candidate;
    break;
  }
  expect(channel, "a moderated channel with its queue on").toBeDefined();
  const before = await channelNow(channel!);
  const speaking = before.speakers.find((speaker) => speaker.isSpeaking)!;
  const next = before.speakers.find((speaker) => !speaker.isSpeaking)!;

  const session = await signInToConsole(consoleProcess.url, "moderator");
  const submit = () =>
    send(`/moderation/${channel!.stationSerialNumber}/${channel!.index}`, {
      method: "POST",
      headers: withSession(session, {
        "content-type": "application/x-www-form-urlencoded",
        origin: new URL(consoleProcess.url).origin,
      }),
      body: new URLSearchParams({ intent: "nextSpeaker", seenSpeaker: String(speaking.index) }).toString(),
    });
  const answers = await Promise.all([submit(), submit()]);
  expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
  expect(new Set(answers.map((answer) => answer.worker)).size).toBe(2);
  const after = await channelNow(channel!);
  expect(after.speakers.find((speaker) => speaker.isSpeaking)?.displayName).toBe(next.displayName);
  expect(after.speakers).toHaveLength(2);
});

test("live updates negotiated on one worker open their socket on the other", async () => {
  const session = await signInToConsole(consoleProcess.url, "admin");
  const origin = new URL(consoleProcess.url).origin;
  const opened = () => logLines().filter((line) => line.msg === "hub socket opened");
  // The socket's connection is the next one the primary hands out: try until it went elsewhere.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const negotiation = await send("/hubs/stationsHub/negotiate?negotiateVersion=1", {
      method: "POST",
      headers: withSession(session, { origin }),
    });
    expect(negotiation.status).toBe(200);
    const { connectionToken } = JSON.parse(negotiation.body) as { connectionToken: string };
    const openedBefore = opened().length;
    const socket = new WebSocket(`${origin.replace("http", "ws")}/hubs/stationsHub?id=${connectionToken}`, {
      headers: { cookie: session.cookie, origin },
    });
    const handshake = new Promise<string>((resolve, reject) => {
      socket.once("message", (data: Buffer) => resolve(data.toString()));
      socket.once("error", reject);
    });
    socket.once("open", () => socket.send(`${JSON.stringify({ protocol: "json", version: 1 })}\u001e`));
    expect(await handshake).toBe("{}\u001e");
    await expect.poll(() => opened().length).toBeGreaterThan(openedBefore);
    const socketWorker = opened().at(-1)!.pid;
    socket.close();
    if (socketWorker !== negotiation.worker) return;
  }
  throw new Error("every socket opened on the worker that negotiated it");
});

test("the sign-in rate limit counts the attempts on both workers against one budget", async () => {
  // An address of its own (named by the trusted proxy on loopback): a fresh budget.
  const client = { "x-forwarded-for": "203.0.113.45" };
  const accepted: Answer[] = [];
  let refused: Answer | undefined;
  // Each worker counting alone would accept twice the budget.
  while (!refused && accepted.length < 2 * signInLimit) {
    const answer = await send("/login", {
      method: "POST",
      headers: { ...client, "content-type": "application/x-www-form-urlencoded", origin: consoleProcess.url },
      body: "redirectTo=%2F",
    });
    if (answer.status === 429) refused = answer;
    else accepted.push(answer);
  }
  expect(refused).toBeDefined();
  // The budget is a sliding estimate over two minutes: at a minute's turn one more may pass.
  expect(accepted.length).toBeGreaterThanOrEqual(signInLimit);
  expect(accepted.length).toBeLessThanOrEqual(signInLimit + 1);
  expect(new Set(accepted.map((answer) => answer.worker)).size).toBe(2);
  const again = [
    refused!,
    await send("/login", { method: "POST", headers: { ...client, origin: consoleProcess.url } }),
  ];
  expect(again.map((answer) => answer.status)).toEqual([429, 429]);
  expect(new Set(again.map((answer) => answer.worker)).size).toBe(2);
});

/** The primary's log line about a worker that died: how long it waits before replacing it. */
function restartOf(worker: number) {
  return logLines().find((line) => line.worker === worker && line.msg.startsWith("A worker exited unexpectedly"));
}

test("a worker that is killed is replaced, again after a growing wait, and sessions go on on the new one", async () => {
  const session = await signInToConsole(consoleProcess.url, "owner");
  const [killed, survivor] = workersServing();
  process.kill(killed!, "SIGKILL");
  await expect.poll(() => workersServing().filter((worker) => worker !== killed).length, { timeout: 60_000 }).toBe(2);
  expect(restartOf(killed!)?.restartInMs).toBe(0);
  // Its replacement dies too, soon after it started serving: a crash in a row, replaced after 1 s.
  const first = workersServing().find((worker) => worker !== survivor)!;
  process.kill(first, "SIGKILL");
  await expect.poll(() => restartOf(first)?.restartInMs).toBe(1_000);
  await expect.poll(() => workersServing().filter((worker) => worker !== first).length, { timeout: 60_000 }).toBe(2);
  const replacement = workersServing().find((worker) => worker !== survivor)!;

  const served = new Set<number>();
  for (let index = 0; index < 4; index += 1) {
    const answer = await send("/stations", { headers: withSession(session) });
    expect(answer.status).toBe(200);
    served.add(answer.worker);
  }
  expect([...served].sort()).toEqual([survivor, replacement].sort());
});

test("on SIGTERM the workers finish what is in flight and the console exits 0", async () => {
  test.setTimeout(120_000);
  const session = await signInToConsole(consoleProcess.url, "admin");
  const faults = (body?: object) =>
    fetch(`${simulator.url}/__simulator/faults`, {
      method: body ? "POST" : "GET",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then((answer) => answer.json() as Promise<{ heldRequests: number }>);
  await faults({ latencyMs: 3000 });
  try {
    const slowPage = session.fetch("/dashboard");
    await expect.poll(async () => (await faults()).heldRequests).toBeGreaterThan(0);
    consoleProcess.signal("SIGTERM");
    const page = await slowPage;
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("</html>");
    expect(await consoleProcess.exited).toBe(0);
    expect(logLines().filter((line) => line.msg === "Stopping: not ready, finishing requests in flight")).toHaveLength(
      2,
    );
  } finally {
    await faults({ latencyMs: 0 });
  }
});
