// Webhook deliveries against a real receiver on loopback (issue 36): signed so the receiver's check
// passes, retried after a 500 until taken (through the evaluator and the SQLite alert store, every
// attempt recorded), given up after 5 s on a receiver that answers late, and never sent to a
// loopback or private address — written or resolved — unless private addresses are allowed.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAlertEngine, type AlertEngine } from "~/alerts/engine.server";
import { checkDestinationUrl, sendDelivery, verifySignature } from "~/alerts/webhook.server";
import { newObserverState, observeFleet, observeStation } from "~/listening/observer";
import type { AlertStore, DueDelivery } from "~/records/alerts";
import { createAlertStore } from "../../server/records/alert-store";
import { openSqliteLayer } from "../../server/records/layer/open-layer";
import { counter } from "../support/counter";

const secret = "receiver-secret-0123456789";
const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A receiver on 127.0.0.1 answering each request with `answer`. */
async function startReceiver(answer: (response: ServerResponse, index: number) => void) {
  const received: Received[] = [];
  const arrived = counter();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = String(request.headers["x-console-signature"] ?? "");
      received.push({
        headers: request.headers,
        body,
        verified: verifySignature(secret, body, signature, Math.floor(Date.now() / 1000)),
      });
      arrived.bump();
      answer(response, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port, url: `http://127.0.0.1:${port}/hooks/alerts`, received, arrived };
}

function due(url: string, overrides: Partial<DueDelivery> = {}): DueDelivery {
  const body = JSON.stringify({ type: "test", deliveryId: "41", createdAt: "2026-04-01T12:00:00.000Z" });
  return {
    id: "41",
    destinationId: "1",
    destinationName: "Pager",
    alertId: null,
    transition: "test",
    idempotencyKey: "test:41",
    createdAt: Date.now(),
    state: "pending",
    attempts: 0,
    nextAttemptAt: Date.now(),
    destinationKind: "webhook",
    url,
    secret,
    email: null,
    language: null,
    body,
    ...overrides,
  };
}

async function sqliteAlertStore(): Promise<AlertStore> {
  const directory = mkdtempSync(join(tmpdir(), "alert-webhook-"));
  const layer = await openSqliteLayer(join(directory, "console", "records.sqlite"));
  cleanups.push(async () => {
    await layer.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return createAlertStore(layer);
}

describe("webhook deliveries to a receiver", () => {
  it("are signed so the receiver's check passes, with the delivery's headers and body", async () => {
    const receiver = await startReceiver((response) => response.writeHead(204).end());
    const delivery = due(receiver.url);
    const result = await sendDelivery(delivery, { allowPrivate: true });
    expect(result).toMatchObject({ status: 204, error: null });
    const [request] = receiver.received;
    expect(request!.verified).toBe(true);
    expect(request!.body).toBe(delivery.body);
    expect(request!.headers).toMatchObject({
      "idempotency-key": "test:41",
      "x-console-delivery": "41",
      "x-console-event": "test",
      "content-type": "application/json",
      "user-agent": "StationConsole-Alerts",
    });
    expect(request!.headers["x-console-signature"]).toMatch(
      new RegExp(`^t=${request!.headers["x-console-timestamp"]},v1=[0-9a-f]{64}$`),
    );
    // Signed with another secret, the receiver's check fails.
    await sendDelivery({ ...delivery, secret: "another-secret-0123456789" }, { allowPrivate: true });
    expect(receiver.received[1]!.verified).toBe(false);
  });

  it("are retried after a 500 and taken on the next attempt, the same bytes and key each time, every attempt recorded", async () => {
    const receiver = await startReceiver((response, index) =>
      response.writeHead(index === 0 ? 500 : 200, { "content-type": "text/plain" }).end(index === 0 ? "later" : "ok"),
    );
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
    await store.destinations.create({ name: "Pager", url: receiver.url, secret, createdBy: ada }, Date.now());
    await store.rules.create(
      { kind: "stationStopped", graceSeconds: 0, stations: [], duringEventsOnly: false, createdBy: ada },
      Date.now(),
    );

    const engine: AlertEngine = startAlertEngine({
      store: () => store,
      settings: () => ({
        allowPrivateWebhooks: true,
        retryBaseMs: 200,
        retentionDays: 400,
        smtpUrl: null,
        emailFrom: "Station Console <console@venue.example>",
        emailGroupMs: 60_000,
      }),
      tickMs: 20,
    });
    cleanups.push(() => engine.stop());
    engine.setHolding(true);
    const state = newObserverState();
    observeFleet(state, [{ serialNumber: "MCS-0042", name: "Main Hall", running: true, channels: [] }], Date.now());
    observeStation(
      state,
      { serialNumber: "MCS-0042", name: "Main Hall", running: false, channels: [] },
      "MCS-0042",
      Date.now(),
    );
    engine.observe(state, Date.now());

    await receiver.arrived.reach(2);
    await recorded.reach(2);
    const [first, second] = receiver.received;
    const [alert] = await store.alerts.open();
    expect(alert).toMatchObject({ serialNumber: "MCS-0042", stationName: "Main Hall" });
    for (const request of [first!, second!]) {
      expect(request.verified).toBe(true);
      expect(request.headers["idempotency-key"]).toBe(`${alert!.id}:opened`);
      expect(request.headers["x-console-event"]).toBe("alert.opened");
    }
    expect(second!.body).toBe(first!.body);
    expect(JSON.parse(first!.body)).toMatchObject({
      type: "alert.opened",
      alert: { id: alert!.id, kind: "stationStopped", serialNumber: "MCS-0042", stationName: "Main Hall" },
    });
    const attempts = await store.deliveries.attempts({ skip: 0, take: 10 });
    expect(attempts.rows.map((row) => [row.attempt, row.status, row.error])).toEqual([
      [2, 200, null],
      [1, 500, null],
    ]);
    expect(attempts.rows[0]!.delivery).toMatchObject({ state: "delivered", attempts: 2, nextAttemptAt: null });
    expect((await store.deliveries.pending({ skip: 0, take: 10 })).total).toBe(0);
  });

  it("give up on a receiver that answers after 6 s once 5 s have passed", async () => {
    const late: NodeJS.Timeout[] = [];
    cleanups.push(() => late.forEach(clearTimeout));
    const receiver = await startReceiver((response) => {
      late.push(setTimeout(() => response.writeHead(200).end("too late"), 6000));
    });
    const result = await sendDelivery(due(receiver.url), { allowPrivate: true });
    expect(result).toMatchObject({ status: null, error: "timeout" });
    expect(receiver.received).toHaveLength(1);
    // The 5 s bound, with room for a busy machine's timers either side.
    expect(result.durationMs).toBeGreaterThanOrEqual(4900);
    expect(result.durationMs).toBeLessThan(5900);
  }, 20_000);
});

describe("a webhook into the console's own network", () => {
  it("is refused at its form and at delivery, by address or by a name that resolves to one", async () => {
    const receiver = await startReceiver((response) => response.writeHead(200).end());
    const byName = `http://localhost:${receiver.port}/hooks/alerts`;
    for (const url of [receiver.url, byName, "http://[::1]/hook", "http://10.1.2.3/hook"]) {
      expect(await checkDestinationUrl(url, { allowPrivate: false }), url).toBe("privateAddress");
    }
    for (const url of [receiver.url, byName]) {
      expect(await sendDelivery(due(url), { allowPrivate: false }), url).toMatchObject({
        status: null,
        error: "refused: private address",
      });
    }
    expect(receiver.received).toEqual([]);
  });

  it("is taken when ALERT_WEBHOOK_ALLOW_PRIVATE allows it", async () => {
    const receiver = await startReceiver((response) => response.writeHead(200).end());
    const byName = `http://localhost:${receiver.port}/hooks/alerts`;
    for (const url of [receiver.url, byName]) {
      expect(await checkDestinationUrl(url, { allowPrivate: true }), url).toBeNull();
    }
    expect(await sendDelivery(due(byName), { allowPrivate: true })).toMatchObject({ status: 200, error: null });
    expect(receiver.received).toHaveLength(1);
  });
});
