// Alerts across instances (issue 36): two console processes on one data directory and one Manager
// (the standalone simulator). A receiver answering 500 three times gets the alert on the fourth
// try, once; the evaluator's holder is killed with SIGKILL while the alert is open, and the other
// instance delivers its resolution, once. A station that flaps within the grace period opens
// nothing. A console that does not allow private addresses refuses a webhook into its own network;
// one without SMTP_URL says e-mail is off and adds no address.
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
import { samplerRounds } from "./support/listening-history";
import { freePort } from "./support/own-console";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver";

const metricsToken = "alerts-metrics-token-0123456789";
const secret = "alerts-api-webhook-secret-0123";
/** The sampler's lease (startListeningSampler's default). */
const leaseMs = 10_000;
const waiting = { timeout: 60_000, intervals: [200, 500, 1_000] };

let directory = "";
let simulator: SimulatorProcess | undefined;
let receiver: WebhookReceiver;
const consoles: ConsoleProcess[] = [];
const killed = new Set<ConsoleProcess>();

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "alerts-"));
  simulator = await startSimulatorProcess({ managerPort: await freePort(), identityPort: await freePort() });
  receiver = await startWebhookReceiver(secret);
});

test.afterAll(async () => {
  for (const running of consoles) await running.stop().catch(() => undefined);
  await simulator?.stop();
  await receiver?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function startConsole(env: Record<string, string> = {}) {
  const running = await startConsoleProcess({
    port: await freePort(),
    simulator: simulator!,
    dataDirectory: directory,
    env: {
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
      LISTENING_SAMPLE_SECONDS: "5",
      METRICS_TOKEN: metricsToken,
      ALERT_WEBHOOK_ALLOW_PRIVATE: "true",
      ALERT_WEBHOOK_RETRY_SECONDS: "1",
      ...env,
    },
  });
  consoles.push(running);
  return running;
}

/** Posts a page's form as a browser without JavaScript would. */
async function postForm(session: ConsoleSession, url: string, fields: Record<string, string>) {
  return session.fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

async function addWebhook(session: ConsoleSession, consoleUrl: string) {
  const answer = await postForm(session, `${consoleUrl}/alerts/destinations`, {
    intent: "createDestination",
    name: "Pager",
    url: receiver.url,
    secret,
  });
  expect(answer.status, "the webhook added").toBe(302);
}

async function addRule(session: ConsoleSession, consoleUrl: string, stations: string, graceSeconds: number) {
  const answer = await postForm(session, `${consoleUrl}/alerts/rules`, {
    intent: "createRule",
    kind: "stationStopped",
    graceSeconds: String(graceSeconds),
    stations,
  });
  expect(answer.status, "the rule added").toBe(302);
}

/** Takes the station off the network for `offlineMs`; false while it is still off from before. */
async function drop(serialNumber: string, offlineMs: number) {
  const answer = await fetch(`${simulator!.url}/__simulator/stations/${serialNumber}/drop`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ offlineMs }),
  });
  if (answer.status === 409) return false;
  expect(answer.ok, `drop: ${answer.status}`).toBe(true);
  return true;
}

const about = (serialNumber: string) => (delivery: { json: { alert?: { serialNumber: string } } }) =>
  delivery.json.alert?.serialNumber === serialNumber;

test("retried until the receiver takes it, once; the resolution comes once from the instance left after a SIGKILL", async () => {
  const first = await startConsole();
  const second = await startConsole();
  const admin = await signInToConsole(first.url, "admin");
  // The sampler (and with it the evaluator) reads with the session of a signed-in admin who opened a page.
  expect((await admin.fetch(`${first.url}/dashboard`)).status).toBe(200);
  await addWebhook(admin, first.url);
  await addRule(admin, first.url, "MCS-0042", 1);
  // A round stored with the admin's session: the station is known running before it stops.
  await expect
    .poll(
      async () =>
        ((await samplerRounds(first.url, metricsToken)).stored ?? 0) +
        ((await samplerRounds(second.url, metricsToken)).stored ?? 0),
      waiting,
    )
    .toBeGreaterThan(0);

  receiver.answerWith([500, 500, 500]);
  expect(await drop("MCS-0042", 40_000)).toBe(true);
  const opened = () =>
    receiver.received.filter(about("MCS-0042")).filter((delivery) => delivery.event === "alert.opened");
  await expect
    .poll(() => opened().map((delivery) => delivery.answered), waiting)
    .toEqual([500, 500, 500, 200])
    .catch(async (error) => {
      const strip = (html: string) =>
        html
          .replace(/<(script|style)[\s\S]*?<\/(script|style)>/g, "")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ");
      console.log(
        "DEBUG alerts",
        strip(await (await admin.fetch(`${first.url}/alerts?state=all`)).text()).slice(0, 1500),
      );
      console.log(
        "DEBUG deliveries",
        strip(await (await admin.fetch(`${first.url}/alerts/deliveries`)).text()).slice(0, 1500),
      );
      console.log("DEBUG rules", strip(await (await admin.fetch(`${first.url}/alerts/rules`)).text()).slice(0, 1500));
      console.log("DEBUG received", JSON.stringify(receiver.received));
      throw error;
    });
  // Every attempt the same delivery: one key, the same signed bytes.
  expect(new Set(opened().map((delivery) => delivery.idempotencyKey)).size).toBe(1);
  expect(new Set(opened().map((delivery) => delivery.body)).size).toBe(1);
  expect(opened().every((delivery) => delivery.verified)).toBe(true);

  // The holder is the one counting sampler rounds; it dies while the alert is open.
  const [firstRounds, secondRounds] = [
    await samplerRounds(first.url, metricsToken),
    await samplerRounds(second.url, metricsToken),
  ];
  const [holder, survivor] = firstRounds.all >= secondRounds.all ? [first, second] : [second, first];
  holder.signal("SIGKILL");
  killed.add(holder);
  await holder.exited;
  await expect
    .poll(async () => (await samplerRounds(survivor.url, metricsToken)).all, { timeout: leaseMs + 20_000 })
    .toBeGreaterThan(0);

  // The station comes back (40 s after it dropped): the survivor sends the resolution, once.
  await expect
    .poll(
      () =>
        receiver
          .taken()
          .filter(about("MCS-0042"))
          .map((delivery) => delivery.event),
      { ...waiting, timeout: 90_000 },
    )
    .toEqual(["alert.opened", "alert.resolved"]);
  const keys = receiver
    .taken()
    .filter(about("MCS-0042"))
    .map((delivery) => delivery.idempotencyKey);
  const alertId = opened()[0]!.json.alert!.id;
  expect(keys).toEqual([`${alertId}:opened`, `${alertId}:resolved`]);

  // The deliveries page of the survivor lists the attempts with their results.
  const on = { fetch: (path: string, init?: RequestInit) => admin.fetch(`${survivor.url}${path}`, init) };
  const page = await (await on.fetch("/alerts/deliveries")).text();
  expect(page.match(/HTTP 500/g)?.length).toBe(3);
  expect(page.match(/HTTP 200/g)?.length).toBe(2);
});

test("a station back within the grace period opens nothing; when it stays away, one alert from its second stop", async () => {
  const running = consoles.find((candidate) => !killed.has(candidate)) ?? (await startConsole());
  const admin = await signInToConsole(running.url, "admin");
  expect((await admin.fetch(`${running.url}/dashboard`)).status).toBe(200);
  await addRule(admin, running.url, "MCS-0043", 5);
  const before = receiver.received.length;

  // Away for 1.5 s: less than the rule's 5 s.
  expect(await drop("MCS-0043", 1_500)).toBe(true);
  // Once it is back it is dropped again, for good this time.
  let secondStop = 0;
  await expect
    .poll(async () => {
      secondStop = Date.now();
      return drop("MCS-0043", 120_000);
    }, waiting)
    .toBe(true);

  const opened = () =>
    receiver.received
      .slice(before)
      .filter(about("MCS-0043"))
      .filter((delivery) => delivery.event === "alert.opened");
  await expect.poll(() => opened().length, waiting).toBe(1);
  const alert = opened()[0]!.json.alert!;
  // The alert's condition began at the second stop: the first, shorter than the grace, counted for nothing.
  expect(Date.parse(alert.since)).toBeGreaterThanOrEqual(secondStop - 1_000);
  expect(Date.parse(alert.openedAt) - Date.parse(alert.since)).toBeGreaterThanOrEqual(5_000);
});

test("without ALERT_WEBHOOK_ALLOW_PRIVATE a webhook into the console's own network or loopback is refused at its field", async () => {
  const strict = await startConsole({ ALERT_WEBHOOK_ALLOW_PRIVATE: "false" });
  const admin = await signInToConsole(strict.url, "admin");
  for (const url of [receiver.url, "http://localhost:9/hook", "http://[::1]/hook", "http://10.1.2.3/hook"]) {
    const answer = await postForm(admin, `${strict.url}/alerts/destinations`, {
      intent: "createDestination",
      name: "Inside",
      url,
      secret,
    });
    expect(answer.status, url).toBe(200);
    const page = await answer.text();
    expect(page, url).toContain("points into the console&#x27;s own network or to a loopback address");
    // The secret is never sent back.
    expect(page).not.toContain(secret);
  }
  const list = await (await admin.fetch(`${strict.url}/alerts/destinations`)).text();
  expect(list).not.toContain("Inside");
});

test("without SMTP_URL the e-mail option says why it is off, and a posted address is refused and not added", async () => {
  const running = consoles.find((candidate) => !killed.has(candidate)) ?? (await startConsole());
  const admin = await signInToConsole(running.url, "admin");
  const page = await (await admin.fetch(`${running.url}/alerts/destinations`)).text();
  expect(page).toContain("E-mail is off: this console has no SMTP server to send through.");
  expect(page).not.toContain('name="email"');
  const answer = await postForm(admin, `${running.url}/alerts/destinations`, {
    intent: "createEmailDestination",
    name: "Front desk",
    email: "desk@venue.example",
    language: "en",
  });
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain("E-mail is off: this console has no SMTP_URL. Nothing was added.");
  const list = await (await admin.fetch(`${running.url}/alerts/destinations`)).text();
  expect(list).not.toContain("desk@venue.example");
});
