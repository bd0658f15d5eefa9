// Alert e-mail against a real SMTP server on loopback (issue 36): one message for a group of
// alerts, with a text and an HTML part in the destination's language and the same Message-ID on
// every attempt; through the evaluator and the SQLite alert store, alerts a moment apart go out
// together, a refused message is sent again after the retry delay, and without SMTP_URL the
// delivery fails at once, saying why.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { emailOffError, messageIdOf, sendEmailGroup } from "~/alerts/email.server";
import { startAlertEngine, type AlertEngineSettings } from "~/alerts/engine.server";
import { alertBody } from "~/alerts/payload";
import { delivered } from "~/alerts/webhook.server";
import { newObserverState, observeFleet, observeStation, type StationReading } from "~/listening/observer";
import type { Alert, AlertStore, DueDelivery } from "~/records/alerts";
import { createAlertStore } from "../../server/records/alert-store";
import { openSqliteLayer } from "../../server/records/layer/open-layer";
import { counter } from "../support/counter";

const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };
const from = "Station Console <console@venue.example>";

/** Resolves once `check` holds, looking again every few milliseconds. */
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
}

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * An SMTP server on 127.0.0.1 that parses every message it is given; `refuse(n)` (n from 0) may
 * turn the n-th away after DATA, with a reply of its own.
 */
async function startSmtp(refuse: (index: number) => Error | null = () => null) {
  /** Every message given, refused or taken. */
  const given: ParsedMail[] = [];
  /** The messages taken. */
  const taken: ParsedMail[] = [];
  const arrived = counter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const refusal = refuse(given.length);
          given.push(mail);
          if (!refusal) taken.push(mail);
          arrived.bump();
          callback(refusal);
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, given, taken, arrived };
}

function settingsFor(smtpUrl: string | null, overrides: Partial<AlertEngineSettings> = {}): AlertEngineSettings {
  return {
    allowPrivateWebhooks: false,
    retryBaseMs: 200,
    retentionDays: 400,
    smtpUrl,
    emailFrom: from,
    emailGroupMs: 60_000,
    ...overrides,
  };
}

function alertOf(id: string, serialNumber: string, stationName: string, overrides: Partial<Alert> = {}): Alert {
  const since = Date.UTC(2026, 3, 1, 20, 15, 0);
  return {
    id,
    ruleId: "1",
    kind: "stationStopped",
    serialNumber,
    stationName,
    subject: "",
    subjectName: null,
    since,
    openedAt: since + 30_000,
    resolvedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

/** A pending delivery of `alert`'s opening to the e-mail destination "Technik". */
function dueOf(deliveryId: string, alert: Alert, overrides: Partial<DueDelivery> = {}): DueDelivery {
  const transition = alert.resolvedAt === null ? "opened" : "resolved";
  return {
    id: deliveryId,
    destinationId: "7",
    destinationName: "Technik",
    alertId: alert.id,
    transition,
    idempotencyKey: `${alert.id}:${transition}`,
    createdAt: Date.now(),
    state: "pending",
    attempts: 0,
    nextAttemptAt: Date.now(),
    destinationKind: "email",
    url: "",
    secret: "",
    email: "technik@venue.example",
    language: "de",
    body: alertBody(alert, transition, deliveryId),
    ...overrides,
  };
}

const htmlOf = (mail: ParsedMail) => (typeof mail.html === "string" ? mail.html : "");

describe("an alert e-mail", () => {
  it("tells a group in one message, text and HTML in German, with the same Message-ID when sent again", async () => {
    const smtp = await startSmtp();
    const group = [
      dueOf("41", alertOf("11", "MCS-0042", "Main Hall")),
      dueOf("42", alertOf("12", "MCS-0043", "Foyer")),
    ];
    const options = {
      settings: settingsFor(smtp.url),
      signal: new AbortController().signal,
      consoleUrl: "https://console.venue.example",
    };

    const first = await sendEmailGroup(group, options);
    const second = await sendEmailGroup(group, options);

    for (const result of [first, second]) {
      expect(result).toMatchObject({ status: 250, error: null });
      expect(delivered(result)).toBe(true);
    }
    expect(smtp.taken).toHaveLength(2);
    const [mail, again] = smtp.taken as [ParsedMail, ParsedMail];
    expect(mail.subject).toBe(
      "[Station Console] 2 Warnungen: Main Hall (MCS-0042) läuft nicht mehr; Foyer (MCS-0043) läuft nicht mehr",
    );
    expect(mail.to).toMatchObject({ text: "technik@venue.example" });
    expect(mail.from?.value).toEqual([{ name: "Station Console", address: "console@venue.example" }]);
    for (const part of [mail.text ?? "", htmlOf(mail)]) {
      expect(part).toContain("Warnungen von Station Console");
      expect(part).toContain("Geöffnet: Main Hall (MCS-0042) läuft nicht mehr");
      expect(part).toContain("Geöffnet: Foyer (MCS-0043) läuft nicht mehr");
      expect(part).toMatch(/Bedingung besteht seit 01\.04\.2026, \d\d:15:00 \(/);
      expect(part).toContain("https://console.venue.example/alerts");
      expect(part).toContain("Warnungsziel „Technik“");
    }
    expect(htmlOf(mail)).toMatch(/^<!DOCTYPE html>\n<html lang="de">/);
    expect(mail.headers.get("x-console-idempotency-keys")).toBe("11:opened, 12:opened");
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
    // A retry of the same group is the same message.
    expect(mail.messageId).toBe(messageIdOf(group, from));
    expect(mail.messageId).toMatch(/^<alerts\.[0-9a-f]{32}@venue\.example>$/);
    expect(again.messageId).toBe(mail.messageId);
    expect(messageIdOf([group[0]!], from)).not.toBe(mail.messageId);
  });

  it("tells a single alert in its subject, in English, and escapes every name in its HTML", async () => {
    const smtp = await startSmtp();
    const alert = alertOf("13", "MCS-0044", `<img src=x onerror="alert(1)"> & Bar`, {
      resolvedAt: Date.UTC(2026, 3, 1, 21),
    });
    const result = await sendEmailGroup([dueOf("43", alert, { language: "en", destinationName: "<b>Ops</b>" })], {
      settings: settingsFor(smtp.url),
      signal: new AbortController().signal,
      consoleUrl: null,
    });

    expect(result).toMatchObject({ status: 250, error: null });
    const [mail] = smtp.taken as [ParsedMail];
    expect(mail.subject).toBe(
      `[Station Console] Resolved: <img src=x onerror="alert(1)"> & Bar (MCS-0044) stopped running`,
    );
    expect(mail.text).toContain(`Resolved: <img src=x onerror="alert(1)"> & Bar (MCS-0044) stopped running`);
    expect(mail.text).toMatch(/Resolved Apr 1, 2026, \d+:00:00 [AP]M \(/);
    const html = htmlOf(mail);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Bar (MCS-0044)");
    expect(html).toContain("“&lt;b&gt;Ops&lt;/b&gt;”");
    expect(html).not.toMatch(/<img|<b>/);
    // Without the console's public URL there is no link.
    expect(html).not.toContain("<a ");
    expect(mail.text).not.toContain("/alerts");
  });

  it("ends at once when aborted (the evaluator stopping) while the server keeps the message", async () => {
    const held: (() => void)[] = [];
    cleanups.push(() => held.forEach((release) => release()));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        held.push(() => callback(null));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;
    const controller = new AbortController();
    const sending = sendEmailGroup([dueOf("45", alertOf("15", "MCS-0046", "Studio"))], {
      settings: settingsFor(`smtp://127.0.0.1:${port}`),
      signal: controller.signal,
    });
    // The server has the message and keeps it unanswered.
    await until(() => held.length > 0);
    controller.abort();
    const result = await sending;
    expect(result).toMatchObject({ status: null, error: "stopped" });
  });

  it("says e-mail is off without SMTP_URL, sending nothing", async () => {
    const result = await sendEmailGroup([dueOf("44", alertOf("14", "MCS-0045", "Studio"))], {
      settings: settingsFor(null),
      signal: new AbortController().signal,
    });
    expect(result).toMatchObject({ status: null, error: emailOffError });
    expect(emailOffError).toBe("e-mail is off: SMTP_URL is not set");
  });
});

// ---------------------------------------------------------------------------------------------
// Through the evaluator and the store

async function sqliteAlertStore(): Promise<AlertStore> {
  const directory = mkdtempSync(join(tmpdir(), "alert-email-"));
  const layer = await openSqliteLayer(join(directory, "console", "records.sqlite"));
  cleanups.push(async () => {
    await layer.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return createAlertStore(layer);
}

/** The SQLite store, counting the attempts it records. */
async function countingStore() {
  const sqlite = await sqliteAlertStore();
  const recorded = counter();
  const store: AlertStore = {
    ...sqlite,
    deliveries: {
      ...sqlite.deliveries,
      recordAttempt: async (...args) => {
        await sqlite.deliveries.recordAttempt(...args);
        recorded.bump();
      },
    },
  };
  await store.destinations.create(
    { kind: "email", name: "Technik", email: "technik@venue.example", language: "de", createdBy: ada },
    Date.now(),
  );
  await store.rules.create(
    { kind: "stationStopped", graceSeconds: 0, stations: [], duringEventsOnly: false, createdBy: ada },
    Date.now(),
  );
  return { store, recorded };
}

function startEngine(store: AlertStore, settings: AlertEngineSettings) {
  const engine = startAlertEngine({ store: () => store, settings: () => settings, tickMs: 20 });
  cleanups.push(() => engine.stop());
  engine.setHolding(true);
  return engine;
}

const running = (serialNumber: string, name: string, isRunning = true): StationReading => ({
  serialNumber,
  name,
  running: isRunning,
  channels: [],
});

describe("alert e-mail through the evaluator and the store", () => {
  it("sends alerts a moment apart as one message, and sends it again after a refusal until taken", async () => {
    const refusal = Object.assign(new Error("Try again later"), { responseCode: 451 });
    const smtp = await startSmtp((index) => (index === 0 ? refusal : null));
    const { store, recorded } = await countingStore();
    const engine = startEngine(store, settingsFor(smtp.url, { emailGroupMs: 1000, retryBaseMs: 200 }));
    const state = newObserverState();
    observeFleet(state, [running("MCS-0042", "Main Hall"), running("MCS-0043", "Foyer")], Date.now());
    engine.observe(state, Date.now());

    observeStation(state, running("MCS-0042", "Main Hall", false), "MCS-0042", Date.now());
    engine.observe(state, Date.now());
    // The first alert opens on a tick of its own, within the one-second window.
    await until(async () => (await store.alerts.open()).length === 1);
    observeStation(state, running("MCS-0043", "Foyer", false), "MCS-0043", Date.now());
    engine.observe(state, Date.now());

    // Two attempts (refused, taken), each recorded on both deliveries.
    await smtp.arrived.reach(2);
    await recorded.reach(4);
    // The group was delivered once: nothing of it is pending any more (checked below), so
    // nothing more follows.
    expect(smtp.given).toHaveLength(2);
    expect(smtp.taken).toHaveLength(1);
    const [mail] = smtp.taken as [ParsedMail];
    expect(mail.text).toContain("Main Hall (MCS-0042) läuft nicht mehr");
    expect(mail.text).toContain("Foyer (MCS-0043) läuft nicht mehr");
    expect(mail.subject).toMatch(/^\[Station Console\] 2 Warnungen: /);
    expect(smtp.given[0]!.messageId).toBe(mail.messageId);

    const opened = await store.alerts.open();
    expect(opened.map((alert) => alert.serialNumber).sort()).toEqual(["MCS-0042", "MCS-0043"]);
    expect(mail.headers.get("x-console-idempotency-keys")).toBe(opened.map((alert) => `${alert.id}:opened`).join(", "));
    const attempts = await store.deliveries.attempts({ skip: 0, take: 10 });
    expect(attempts.rows).toHaveLength(4);
    const byAttempt = (n: number) => attempts.rows.filter((row) => row.attempt === n);
    for (const row of byAttempt(1)) {
      expect(row.status).toBe(451);
      expect(row.error).toMatch(/^smtp: 451/);
    }
    for (const row of byAttempt(2)) expect([row.status, row.error]).toEqual([250, null]);
    // The retry came the retry base after the refusal, not sooner.
    expect(byAttempt(2)[0]!.at - byAttempt(1)[0]!.at).toBeGreaterThanOrEqual(200);
    for (const row of attempts.rows) expect(row.delivery).toMatchObject({ state: "delivered", attempts: 2 });
    expect((await store.deliveries.pending({ skip: 0, take: 10 })).total).toBe(0);
  });

  it("fails a delivery at once without SMTP_URL, saying e-mail is off", async () => {
    const { store, recorded } = await countingStore();
    const engine = startEngine(store, settingsFor(null, { emailGroupMs: 0 }));
    const state = newObserverState();
    observeFleet(state, [running("MCS-0042", "Main Hall")], Date.now());
    observeStation(state, running("MCS-0042", "Main Hall", false), "MCS-0042", Date.now());
    engine.observe(state, Date.now());

    await recorded.reach(1);
    const attempts = await store.deliveries.attempts({ skip: 0, take: 10 });
    expect(attempts.rows.map((row) => [row.attempt, row.status, row.error])).toEqual([[1, null, emailOffError]]);
    expect(attempts.rows[0]!.delivery).toMatchObject({ state: "failed", attempts: 1, nextAttemptAt: null });
    expect((await store.deliveries.pending({ skip: 0, take: 10 })).total).toBe(0);
  });
});
