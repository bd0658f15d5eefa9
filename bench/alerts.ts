// Alerts at a venue's size (issue 36, Measure): 5,000 stations, 500 of them dropping off the
// network within one minute. The console runs in its own process (production build, one worker:
// its CPU is the evaluator's process) against the simulator in another, with the sampler at its
// production interval (LISTENING_SAMPLE_SECONDS 30), an admin signed in (the sampler and the
// evaluator read with their session), a "station stops" rule for every station with no grace
// period and one webhook: a receiver in this process on loopback (ALERT_WEBHOOK_ALLOW_PRIVATE).
//
// Figures: the time from each station's change to its webhook's arrival (opened, then resolved
// when the stations come back), split into the push reaching the sampler, the evaluator opening
// the alert and the outbox sending it; deliveries received against the alerts' transitions (one
// each, no idempotency key twice, every signature valid) and the console's own outbox; the
// console process's CPU, RSS and heap during the minute of drops against an idle minute before it.
// With alert e-mail (SMTP_URL, on unless BENCH_ALERTS_EMAIL=0): an e-mail destination too, its SMTP
// server in this process — the messages, the transitions each tells, the time from a change to
// the message telling it (ALERT_EMAIL_GROUP_SECONDS at its default, 60).
//
// Run by `npm run bench` (`BENCH_ALERTS=0` skips it), or alone with `npx tsx bench/alerts.ts`.
// Knobs: BENCH_ALERTS_STATIONS (5000), BENCH_ALERTS_DROPPED (500), BENCH_ALERTS_SPREAD_SECONDS
// (60), BENCH_ALERTS_OFFLINE_SECONDS (240: how long each dropped station stays away),
// BENCH_ALERTS_WAIT_SECONDS (300: the longest wait for the deliveries of each transition),
// BENCH_ALERTS_SAMPLE_SECONDS (30), BENCH_ALERTS_EMAIL (1; 0: webhooks only, for a build from before
// alert e-mail), BENCH_ALERTS_BUILD_DIR (the build to run: a copy built elsewhere, as
// BENCH_BUILD_DIR in flag-candidates.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { verifySignature } from "../app/alerts/webhook.server";
import { configurationApi } from "../app/contract/paths";
import { recordsFile } from "../server/records/open-records";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { signInWithPassword } from "../tests/support/identity";
import {
  startConsoleProcess,
  startSimulatorProcess,
  type ConsoleProcess,
  type SimulatorProcess,
} from "../tests/support/processes";
import { freePort } from "../e2e/support/own-console";
import { alertsTable, targetsMet, type BenchResults } from "./report";

const stationCount = Number(process.env.BENCH_ALERTS_STATIONS ?? 5000);
const droppedCount = Number(process.env.BENCH_ALERTS_DROPPED ?? 500);
const spreadMs = Number(process.env.BENCH_ALERTS_SPREAD_SECONDS ?? 60) * 1000;
const offlineMs = Number(process.env.BENCH_ALERTS_OFFLINE_SECONDS ?? 240) * 1000;
const waitMs = Number(process.env.BENCH_ALERTS_WAIT_SECONDS ?? 300) * 1000;
const sampleSeconds = Number(process.env.BENCH_ALERTS_SAMPLE_SECONDS ?? 30);
const withEmail = process.env.BENCH_ALERTS_EMAIL !== "0";
const buildDirectory = process.env.BENCH_ALERTS_BUILD_DIR;
/** The console's default ALERT_EMAIL_GROUP_SECONDS, set explicitly. */
const emailGroupSeconds = 60;
const idleWindowMs = spreadMs;
const metricsToken = "bench-metrics-token-0123456789";
const secret = "bench-alerts-webhook-secret-0123456789";
const webhookName = "Bench receiver";
const emailName = "Bench front desk";
/** A change seen this long after it was made came from a sampling round, not a hub push. */
const pushedWithinMs = 2000;

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface ConsoleWindow {
  seconds: number;
  cpuMs: number;
  /** The console process's CPU over the window, as a share of one core. */
  cpuPercent: number;
  peakRssMegabytes: number;
  /** V8's used heap, the largest of the readings every 10 s (`nodejs_heap_size_used_bytes`). */
  peakHeapMegabytes: number;
}

export interface EmailFigures {
  /** ALERT_EMAIL_GROUP_SECONDS: how long a message waits for more alerts to tell. */
  groupSeconds: number;
  messages: number;
  /** The dropped stations' transitions some message told, and those none told. */
  told: number;
  missing: number;
  /** Idempotency keys told in more than one message. */
  duplicateKeys: number;
  mostPerMessage: number;
  /** A station's change → the first message telling it. */
  latency: Latency;
}

export interface AlertsFigures {
  stations: number;
  dropped: number;
  spreadSeconds: number;
  offlineSeconds: number;
  sampleSeconds: number;
  /** Stations not running when the rule was added: their alerts opened before the webhook was added. */
  alreadyStopped: number;
  /** The slowest answer of the simulator's drop control (the change's time is its request's). */
  slowestDropMs: number;
  opened: {
    arrived: number;
    missing: number;
    /** Change → the webhook's arrival. */
    latency: Latency;
    /** Change → the outage's start in the sampler (a hub push, or a round). */
    seen: Latency;
    /** Seen later than 2 s after the change: by a round, not a push. */
    seenByRound: number;
    /** Change → the alert's openedAt (the evaluator's tick). */
    evaluated: Latency;
    /** The alert's openedAt → the webhook's arrival (the outbox). */
    queued: Latency;
  };
  resolved: { arrived: number; missing: number; latency: Latency; evaluated: Latency; queued: Latency };
  deliveries: {
    /** Alert transitions of the dropped stations: an opening and a resolution each. */
    transitions: number;
    received: number;
    uniqueKeys: number;
    duplicateKeys: number;
    badSignatures: number;
    /** About other stations than the dropped ones. */
    unexpected: number;
    /** The most deliveries that arrived within one second. */
    mostPerSecond: number;
    /** The console's outbox after the run, by destination and state, with the attempts made. */
    outbox: Array<{ destination: string; state: string; deliveries: number; attempts: number }>;
  };
  /** Not measured: a build without alert e-mail, or BENCH_ALERTS_EMAIL=0. */
  email?: EmailFigures;
  idle: ConsoleWindow;
  drops: ConsoleWindow;
  /** From the first drop to the last opened alert's arrival. */
  untilOpened: ConsoleWindow;
  /** The minute of drops against the idle minute. */
  ratios: { cpu: number; rss: number; heap: number };
}

interface Arrival {
  at: number;
  event: string;
  key: string;
  serialNumber: string;
  alertId: string;
  since: number;
  openedAt: number;
  resolvedAt: number | null;
  verified: boolean;
}

interface Change {
  serialNumber: string;
  /** When the drop was asked for; the station is back `offlineMs` later. */
  droppedAt: number;
  answeredAt: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

function latencyOf(values: number[]): Latency {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
  return { count: sorted.length, p50: Math.round(at(0.5)), p95: Math.round(at(0.95)), max: Math.round(at(1)) };
}

/** The bench's webhook: answers 200 at once and keeps what arrived when, signature checked. */
async function startReceiver() {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString("utf8");
      const header = (name: string) => String(request.headers[name] ?? "");
      const json = JSON.parse(body) as {
        type: string;
        alert?: { id: string; serialNumber: string; since: string; openedAt: string; resolvedAt: string | null };
      };
      arrivals.push({
        at,
        event: header("x-console-event") || json.type,
        key: header("idempotency-key"),
        serialNumber: json.alert?.serialNumber ?? "",
        alertId: json.alert?.id ?? "",
        since: time(json.alert?.since),
        openedAt: time(json.alert?.openedAt),
        resolvedAt: json.alert?.resolvedAt ? time(json.alert.resolvedAt) : null,
        verified: verifySignature(secret, body, header("x-console-signature"), Math.floor(at / 1000)),
      });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Message {
  at: number;
  keys: string[];
}

/** The bench's SMTP server: takes every message and keeps when it came and the keys it tells. */
async function startSmtpReceiver() {
  const messages: Message[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const keys = String(mail.headers.get("x-console-idempotency-keys") ?? "");
          messages.push({ at: Date.now(), keys: keys.split(/,\s*/).filter(Boolean) });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

async function metricsText(consoleProcess: ConsoleProcess) {
  const response = await fetch(`${consoleProcess.url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  return response.text();
}

function metricValue(text: string, pattern: RegExp) {
  return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}

async function storedRounds(consoleProcess: ConsoleProcess) {
  return metricValue(await metricsText(consoleProcess), /^console_listening_rounds_total\{outcome="stored"\} (\S+)$/gm);
}

async function heapMegabytes(consoleProcess: ConsoleProcess) {
  const bytes = metricValue(await metricsText(consoleProcess), /^nodejs_heap_size_used_bytes (\S+)$/gm);
  return round1(bytes / 1024 ** 2);
}

/** Until `check` holds, at most `ms`; false when it did not. */
async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, everyMs = 500) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

/**
 * The console's CPU, RSS and heap over windows that may overlap: RSS read every half second from
 * /proc, the heap from /metrics every 10 s — the same in every window, so its cost is in each.
 */
function consoleWatch(consoleProcess: ConsoleProcess) {
  const open = new Set<{ peakRss: number; peakHeap: number }>();
  const rss = setInterval(() => {
    const megabytes = Math.max(...consoleProcess.rssPerProcess().map((entry) => entry.megabytes));
    for (const window of open) window.peakRss = Math.max(window.peakRss, megabytes);
  }, 500);
  const heap = setInterval(() => {
    heapMegabytes(consoleProcess).then(
      (megabytes) => {
        for (const window of open) window.peakHeap = Math.max(window.peakHeap, megabytes);
      },
      () => undefined,
    );
  }, 10_000);
  return {
    start() {
      const window = { peakRss: 0, peakHeap: 0 };
      open.add(window);
      const cpuBefore = consoleProcess.cpuMilliseconds();
      const started = performance.now();
      return (): ConsoleWindow => {
        open.delete(window);
        const wallMs = performance.now() - started;
        const cpuMs = consoleProcess.cpuMilliseconds() - cpuBefore;
        return {
          seconds: round1(wallMs / 1000),
          cpuMs: Math.round(cpuMs),
          cpuPercent: round1((cpuMs / wallMs) * 100),
          peakRssMegabytes: window.peakRss,
          peakHeapMegabytes: window.peakHeap,
        };
      };
    },
    stop() {
      clearInterval(rss);
      clearInterval(heap);
    },
  };
}

/** Posts a page's form as a browser without JavaScript would; a 302 is the form taken. */
async function postForm(session: ConsoleSession, path: string, fields: Record<string, string>) {
  const status = await submitForm(session, path, fields);
  if (status !== 302) throw new Error(`${fields.intent} on ${path} answered ${status}`);
}

async function submitForm(session: ConsoleSession, path: string, fields: Record<string, string>) {
  const response = await session.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The e-mail destination, when the build has alert e-mail: a build from before it refuses the
 * form, and the webhooks' figures are still worth the run (a whole `npm run bench` precedes it).
 */
async function addEmailDestination(session: ConsoleSession, smtp: SmtpReceiver | null) {
  if (!smtp) return null;
  const status = await submitForm(session, "/alerts/destinations", {
    intent: "createEmailDestination",
    name: emailName,
    email: "front-desk@venue.example",
    language: "en",
  });
  if (status === 302) return smtp;
  console.warn(`  alert e-mail not measured: its form answered ${status} (a build without it?)`);
  return null;
}

/** Serial numbers of the stations the sampler counts as running (authorized, connected), by name. */
async function runningStations(consoleProcess: ConsoleProcess, simulator: SimulatorProcess) {
  const { accessToken } = await signInWithPassword({
    issuer: consoleProcess.issuer,
    clientId: "station-console",
    clientSecret: "station-console-development-secret",
    redirectUri: `${consoleProcess.url}/login`,
    username: "admin",
    password: "admin",
  });
  type Listed = {
    serialNumber: string;
    authorization: { isAuthorized: boolean; isRejected: boolean };
    deviceState: { computedState: string };
  };
  const running: string[] = [];
  for (let skip = 0; ; skip += 1000) {
    const query = new URLSearchParams({ skip: String(skip), take: "1000", sortBy: "name", sortDirection: "asc" });
    const response = await fetch(`${simulator.url}${configurationApi}/stations?${query}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) throw new Error(`the Manager's station list answered ${response.status}`);
    const page = (await response.json()) as { stations: Listed[]; visibleStationsCount: number };
    for (const station of page.stations)
      if (
        station.authorization.isAuthorized &&
        !station.authorization.isRejected &&
        station.deviceState.computedState === "Connected"
      )
        running.push(station.serialNumber);
    if (page.stations.length === 0 || skip + page.stations.length >= page.visibleStationsCount) return running;
  }
}

/** `count` of them, spread over the whole list (not one block of neighbours). */
function spreadChoice(serialNumbers: string[], count: number) {
  if (serialNumbers.length < count) throw new Error(`only ${serialNumbers.length} stations run; ${count} asked for`);
  return Array.from(
    { length: count },
    (_, index) => serialNumbers[Math.floor((index * serialNumbers.length) / count)]!,
  );
}

/** Drops the stations one after the other, evenly over `spreadMs`, each for `offlineMs`. */
async function dropSpread(simulator: SimulatorProcess, serialNumbers: string[]): Promise<Change[]> {
  const started = Date.now();
  const drops = serialNumbers.map(async (serialNumber, index) => {
    await sleep(started + (index * spreadMs) / serialNumbers.length - Date.now());
    const droppedAt = Date.now();
    const response = await fetch(`${simulator.url}/__simulator/stations/${serialNumber}/drop`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ offlineMs }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`dropping ${serialNumber} answered ${response.status}`);
    return { serialNumber, droppedAt, answeredAt: Date.now() };
  });
  return Promise.all(drops);
}

/** The open alerts, read from the console's records (the alert bar's JSON logs a Remix warning per GET). */
function openAlerts(dataDirectory: string) {
  const db = new DatabaseSync(recordsFile(dataDirectory), { readOnly: true });
  try {
    const { count } = db.prepare("SELECT COUNT(*) AS count FROM alerts WHERE resolved_at IS NULL").get() as {
      count: number;
    };
    return Number(count);
  } finally {
    db.close();
  }
}

/**
 * After the rule is added, before the webhook: the alerts of the stations stopped already (a
 * fifth of the simulator's fleet), opened without a delivery, so the measurement's deliveries
 * do not queue behind theirs. Counted once the count has held for 10 s.
 */
async function settleAlreadyStopped(dataDirectory: string) {
  // The evaluator reads its rules every 5 s.
  await sleep(8000);
  let count = -1;
  let steadySince = Date.now();
  const settled = await waitUntil(
    () => {
      const now = openAlerts(dataDirectory);
      if (now !== count) {
        count = now;
        steadySince = Date.now();
      }
      return Date.now() - steadySince >= 10_000;
    },
    180_000,
    1000,
  );
  if (!settled) throw new Error("the alerts of the stations already stopped kept opening for three minutes");
  return count;
}

function mostPerSecond(arrivals: Arrival[]) {
  const perSecond = new Map<number, number>();
  for (const { at } of arrivals) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  return Math.max(0, ...perSecond.values());
}

/** The console's outbox as it left it: its deliveries by destination and state, and their attempts. */
function outboxOf(dataDirectory: string) {
  const db = new DatabaseSync(recordsFile(dataDirectory), { readOnly: true });
  try {
    const rows = db
      .prepare(
        `SELECT destination_name AS destination, state, COUNT(*) AS deliveries, SUM(attempts) AS attempts
         FROM alert_deliveries GROUP BY destination_name, state ORDER BY destination_name, state`,
      )
      .all() as Array<{ destination: string; state: string; deliveries: number; attempts: number }>;
    return rows.map((row) => ({ ...row, deliveries: Number(row.deliveries), attempts: Number(row.attempts) }));
  } finally {
    db.close();
  }
}

function transitionFigures(
  changes: Change[],
  arrivals: Arrival[],
  event: string,
  changedAt: (change: Change) => number,
) {
  const first = new Map<string, Arrival>();
  for (const arrival of arrivals)
    if (arrival.event === event && !first.has(arrival.serialNumber)) first.set(arrival.serialNumber, arrival);
  const pairs = changes.flatMap((change) => {
    const arrival = first.get(change.serialNumber);
    return arrival ? [{ at: changedAt(change), arrival }] : [];
  });
  const changeAt = (arrival: Arrival) => (event === "alert.opened" ? arrival.openedAt : arrival.resolvedAt!);
  return {
    arrived: pairs.length,
    missing: changes.length - pairs.length,
    latency: latencyOf(pairs.map(({ at, arrival }) => arrival.at - at)),
    evaluated: latencyOf(pairs.map(({ at, arrival }) => changeAt(arrival) - at)),
    queued: latencyOf(pairs.map(({ arrival }) => arrival.at - changeAt(arrival))),
    pairs,
  };
}

function deliveryFigures(changes: Change[], arrivals: Arrival[]) {
  const dropped = new Set(changes.map((change) => change.serialNumber));
  const ours = arrivals.filter((arrival) => dropped.has(arrival.serialNumber));
  const keys = new Set(arrivals.map((arrival) => arrival.key));
  return {
    transitions: changes.length * 2,
    received: ours.length,
    uniqueKeys: new Set(ours.map((arrival) => arrival.key)).size,
    duplicateKeys: arrivals.length - keys.size,
    badSignatures: arrivals.filter((arrival) => !arrival.verified).length,
    unexpected: arrivals.filter((arrival) => !dropped.has(arrival.serialNumber)).length,
    mostPerSecond: mostPerSecond(ours),
  };
}

/** When each of the dropped stations' transitions happened, by its idempotency key (from the webhooks). */
function changeTimes(changes: Change[], arrivals: Arrival[]) {
  const droppedAt = new Map(changes.map((change) => [change.serialNumber, change.droppedAt]));
  const times = new Map<string, number>();
  for (const arrival of arrivals) {
    const at = droppedAt.get(arrival.serialNumber);
    if (at !== undefined) times.set(arrival.key, arrival.event === "alert.opened" ? at : at + offlineMs);
  }
  return times;
}

function emailFigures(changes: Change[], arrivals: Arrival[], messages: Message[]): EmailFigures {
  const times = changeTimes(changes, arrivals);
  const firstTold = new Map<string, number>();
  let mentions = 0;
  for (const message of messages)
    for (const key of message.keys) {
      mentions += 1;
      if (!firstTold.has(key)) firstTold.set(key, message.at);
    }
  const told = [...times].filter(([key]) => firstTold.has(key));
  return {
    groupSeconds: emailGroupSeconds,
    messages: messages.length,
    told: told.length,
    missing: changes.length * 2 - told.length,
    duplicateKeys: mentions - firstTold.size,
    mostPerMessage: Math.max(0, ...messages.map((message) => message.keys.length)),
    latency: latencyOf(told.map(([key, at]) => firstTold.get(key)! - at)),
  };
}

const ratio = (after: number, before: number) => round1(after / Math.max(before, 0.1));

async function measure(
  consoleProcess: ConsoleProcess,
  simulator: SimulatorProcess,
  dataDirectory: string,
  smtpServer: SmtpReceiver | null,
) {
  const receiver = await startReceiver();
  const watch = consoleWatch(consoleProcess);
  try {
    // Signing in offers the admin's session to the sampler, and with it to the evaluator.
    const session = await signInToConsole(consoleProcess.url, "admin");
    await (await session.fetch("/alerts")).arrayBuffer();
    const rounds = await storedRounds(consoleProcess);
    // The hub is followed from the first reading with a session on.
    if (!(await waitUntil(async () => (await storedRounds(consoleProcess)) > rounds, 3 * sampleSeconds * 1000)))
      throw new Error("the sampler read nothing with the admin's session");
    const running = await runningStations(consoleProcess, simulator);
    await postForm(session, "/alerts/rules", {
      intent: "createRule",
      kind: "stationStopped",
      graceSeconds: "0",
      stations: "",
    });
    const alreadyStopped = await settleAlreadyStopped(dataDirectory);
    await postForm(session, "/alerts/destinations", {
      intent: "createDestination",
      name: webhookName,
      url: receiver.url,
      secret,
    });
    const smtp = await addEmailDestination(session, smtpServer);
    console.log(
      `  ${running.length} stations running, ${alreadyStopped} alerts of stations stopped already; an idle minute…`,
    );
    const stopIdle = watch.start();
    await sleep(idleWindowMs);
    const idle = stopIdle();

    const chosen = spreadChoice(running, droppedCount);
    const expected = new Set(chosen);
    const arrivedOf = (event: string) =>
      new Set(
        receiver.arrivals
          .filter((arrival) => arrival.event === event && expected.has(arrival.serialNumber))
          .map((arrival) => arrival.serialNumber),
      ).size;
    const openedOf = () => arrivedOf("alert.opened");
    const resolvedOf = () => arrivedOf("alert.resolved");
    console.log(`  dropping ${droppedCount} stations over ${spreadMs / 1000} s, each away ${offlineMs / 1000} s…`);
    const firstDropAt = Date.now();
    const stopDrops = watch.start();
    const stopUntilOpened = watch.start();
    const changes = await dropSpread(simulator, chosen);
    await sleep(firstDropAt + spreadMs - Date.now());
    const drops = stopDrops();
    await waitUntil(() => openedOf() >= droppedCount, firstDropAt + waitMs - Date.now());
    const untilOpened = stopUntilOpened();
    console.log(
      `  ${openedOf()} of ${droppedCount} opened alerts arrived ${round1((Date.now() - firstDropAt) / 1000)} s after the first drop`,
    );
    const lastBackAt = Math.max(...changes.map((change) => change.droppedAt)) + offlineMs;
    await waitUntil(() => resolvedOf() >= droppedCount, Math.max(0, lastBackAt - Date.now()) + waitMs);
    console.log(`  ${resolvedOf()} of ${droppedCount} resolved alerts arrived`);
    // The transitions are known by their keys from the webhooks; each should be in a message too.
    const transitionsKnown = () => changeTimes(changes, receiver.arrivals).size;
    const toldByEmail = () => {
      const keys = new Set(smtp?.messages.flatMap((message) => message.keys));
      return [...changeTimes(changes, receiver.arrivals).keys()].filter((key) => keys.has(key)).length;
    };
    if (smtp) {
      await waitUntil(() => toldByEmail() >= transitionsKnown(), waitMs);
      console.log(
        `  ${toldByEmail()} of ${transitionsKnown()} transitions told in ${smtp.messages.length} e-mail messages`,
      );
    }
    // Late duplicates, if any, would come on a retry: give one retry's delay.
    await sleep(12_000);

    const opened = transitionFigures(changes, receiver.arrivals, "alert.opened", (change) => change.droppedAt);
    const resolved = transitionFigures(
      changes,
      receiver.arrivals,
      "alert.resolved",
      (change) => change.droppedAt + offlineMs,
    );
    const seen = opened.pairs.map(({ at, arrival }) => arrival.since - at);
    const { pairs: _opened, ...openedFigures } = opened;
    const { pairs: _resolved, ...resolvedFigures } = resolved;
    return {
      alreadyStopped,
      changes,
      idle,
      drops,
      untilOpened,
      opened: {
        ...openedFigures,
        seen: latencyOf(seen),
        seenByRound: seen.filter((ms) => ms > pushedWithinMs).length,
      },
      resolved: resolvedFigures,
      deliveries: deliveryFigures(changes, receiver.arrivals),
      email: smtp ? emailFigures(changes, receiver.arrivals, smtp.messages) : undefined,
    };
  } finally {
    watch.stop();
    await receiver.close();
  }
}

export async function benchAlerts(): Promise<AlertsFigures> {
  console.log(
    `— alerts: ${stationCount} stations, ${droppedCount} dropping within ${spreadMs / 1000} s (sampler every ${sampleSeconds} s)…`,
  );
  const dataDirectory = mkdtempSync(join(tmpdir(), "bench-alerts-"));
  const simulator = await startSimulatorProcess({
    stations: stationCount,
    managerPort: await freePort(),
    identityPort: await freePort(),
  });
  const smtp = withEmail ? await startSmtpReceiver() : null;
  let consoleProcess: ConsoleProcess | undefined;
  try {
    consoleProcess = await startConsoleProcess({
      port: await freePort(),
      simulator,
      dataDirectory,
      cwd: buildDirectory,
      // One process: its CPU and memory are the evaluator's process.
      env: {
        WEB_CONCURRENCY: "1",
        LISTENING_SAMPLE_SECONDS: String(sampleSeconds),
        METRICS_TOKEN: metricsToken,
        ALERT_WEBHOOK_ALLOW_PRIVATE: "true",
        ...(smtp ? { SMTP_URL: smtp.url, ALERT_EMAIL_GROUP_SECONDS: String(emailGroupSeconds) } : {}),
      },
    });
    const run = await measure(consoleProcess, simulator, dataDirectory, smtp);
    await consoleProcess.stop();
    const figures: AlertsFigures = {
      stations: stationCount,
      dropped: droppedCount,
      spreadSeconds: spreadMs / 1000,
      offlineSeconds: offlineMs / 1000,
      sampleSeconds,
      alreadyStopped: run.alreadyStopped,
      slowestDropMs: Math.max(...run.changes.map((change) => change.answeredAt - change.droppedAt)),
      opened: run.opened,
      resolved: run.resolved,
      deliveries: { ...run.deliveries, outbox: outboxOf(dataDirectory) },
      email: run.email,
      idle: run.idle,
      drops: run.drops,
      untilOpened: run.untilOpened,
      ratios: {
        cpu: ratio(run.drops.cpuMs, run.idle.cpuMs),
        rss: ratio(run.drops.peakRssMegabytes, run.idle.peakRssMegabytes),
        heap: ratio(run.drops.peakHeapMegabytes, run.idle.peakHeapMegabytes),
      },
    };
    console.log(alertsTable(figures).join("\n"));
    return figures;
  } finally {
    await consoleProcess?.stop();
    await simulator.stop();
    await smtp?.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

// Alone: the figures go into the last full run's bench/results.json beside the others (the README's
// table is written by the next full run).
if (process.argv[1]?.endsWith("alerts.ts")) {
  const figures = await benchAlerts();
  const results = { ...(JSON.parse(readFileSync("bench/results.json", "utf8")) as BenchResults), alerts: figures };
  writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  for (const target of targetsMet(results).filter((target) => target.target.startsWith("alerts")))
    console.log(`${target.met ? "met" : "NOT met"}: ${target.target} — ${target.measured}`);
}
