// Open hub sockets belong to their session: closed at once on sign-out, and at the next check
// when the session ended any other way; a reduced scope gets only filtered frames.
import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { HubScope } from "~/live/hub-scope";
import { createHubBridge, type HubAccess } from "../../server/hub-bridge";
import { hubBridgeObserver } from "../../server/observability";
import { createLogger } from "../../server/observability/logger";
import { createMetrics } from "../../server/observability/metrics";

const rs = "\u001e";
let manager: Server;
let managerSockets: WebSocketServer;
let bridgeServer: Server;
let origin: string;
let bridge: ReturnType<typeof createHubBridge>;
/** What the fake session check answers, per session id (the cookie's value here). */
const sessions = new Map<string, HubScope | "ended">();
const metrics = createMetrics({ processMetrics: false });

/** A series' value for the stations hub (0 before it has any). */
async function stationsHubValue(metric: { get(): Promise<{ values: { value: number; labels: object }[] }> }) {
  const { values } = await metric.get();
  return values.find((entry) => (entry.labels as { hub?: string }).hub === "stationsHub")?.value ?? 0;
}

async function authorize(request: Request): Promise<HubAccess> {
  const sessionId = /session=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? "";
  const scope = sessions.get(sessionId);
  if (!scope || scope === "ended") return { allowed: false, status: 401 };
  return { allowed: true, accessToken: "token", managerUrl: managerOrigin(), sessionId, scope };
}

function managerOrigin() {
  return `http://127.0.0.1:${(manager.address() as { port: number }).port}`;
}

/** Opens a socket through the bridge and completes the SignalR handshake. */
async function openHub(sessionId: string, hub = "stationsHub") {
  const socket = new WebSocket(`${origin.replace("http", "ws")}/hubs/${hub}?id=1`, {
    headers: { cookie: `session=${sessionId}` },
  });
  const received: string[] = [];
  const closed = new Promise<{ code: number; received: string[] }>((resolve) =>
    socket.on("close", (code) => resolve({ code, received })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const handshake = new Promise<void>((resolve) => socket.once("message", () => resolve()));
  socket.on("message", (data) => received.push(String(data)));
  socket.send(JSON.stringify({ protocol: "json", version: 1 }) + rs);
  await handshake;
  return { socket, received, closed };
}

beforeAll(async () => {
  manager = createServer();
  managerSockets = new WebSocketServer({ server: manager });
  managerSockets.on("connection", (socket) => {
    socket.once("message", () => socket.send(`{}${rs}`));
  });
  await new Promise<void>((resolve) => manager.listen(0, "127.0.0.1", resolve));
  bridge = createHubBridge({
    authorize,
    requestOrigin: () => "http://127.0.0.1",
    sessionCheckIntervalMs: 50,
    observer: hubBridgeObserver(await createLogger({ level: "silent" }), metrics),
  });
  const app = express();
  app.use(bridge.router);
  bridgeServer = createServer(app);
  bridgeServer.on("upgrade", (request, socket, head) => {
    if (!bridge.handleUpgrade(request, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => bridgeServer.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(bridgeServer.address() as { port: number }).port}`;
});

afterEach(() => sessions.clear());

afterAll(() => {
  bridge.close();
  bridgeServer.close();
  managerSockets.close();
  manager.close();
});

function broadcast(message: unknown) {
  for (const client of managerSockets.clients) client.send(JSON.stringify(message) + rs);
}

describe("hub sockets and their sessions", () => {
  it("closes every socket of a session that signs out, and only those", async () => {
    sessions.set("leaving", "full");
    sessions.set("staying", "full");
    const first = await openHub("leaving", "stationsHub");
    const second = await openHub("leaving", "moderationHub");
    const other = await openHub("staying");
    bridge.closeSession("leaving");
    sessions.set("leaving", "ended");
    const [closedFirst, closedSecond] = await Promise.all([first.closed, second.closed]);
    expect(closedFirst.code).toBe(1008);
    expect(closedSecond.code).toBe(1008);
    expect(closedFirst.received.at(-1)).toBe(`${JSON.stringify({ type: 7, error: "The session ended." })}${rs}`);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });

  it("closes a socket whose session ended elsewhere (expired, refresh refused) at the next check", async () => {
    sessions.set("expiring", "full");
    const hub = await openHub("expiring");
    sessions.set("expiring", "ended");
    expect((await hub.closed).code).toBe(1008);
  });

  it("gives a reduced scope the filtered frames only; a full scope the Manager's own", async () => {
    sessions.set("moderator", "reduced");
    sessions.set("admin", "full");
    const moderator = await openHub("moderator");
    const admin = await openHub("admin");
    const station = {
      id: "s",
      serialNumber: "MCS-1",
      name: "Hall",
      authorization: { fingerprint: "AA:BB" },
      audioChannels: [{ pinCode: "123456" }],
    };
    const arrived = (hub: { socket: WebSocket; received: string[] }) =>
      new Promise<void>((resolve) => {
        // Registered after the recording listener, so the frame is recorded when this runs.
        const check = () => {
          if (!hub.received.some((frame) => frame.includes("StationChanged"))) return;
          hub.socket.off("message", check);
          resolve();
        };
        hub.socket.on("message", check);
      });
    const revalidationsBefore = await stationsHubValue(metrics.revalidationsTriggered);
    // The sockets of earlier tests may still be closing on the bridge's side.
    await expect.poll(() => stationsHubValue(metrics.hubConnections)).toBe(2);
    broadcast({ type: 1, target: "StationChanged", arguments: [station, "Update"] });
    await Promise.all([arrived(moderator), arrived(admin)]);
    expect(moderator.received.join("")).not.toMatch(/123456|fingerprint|AA:BB/);
    expect(admin.received.join("")).toContain("123456");
    // Each socket relayed one change message, which makes its page revalidate.
    expect(await stationsHubValue(metrics.revalidationsTriggered)).toBe(revalidationsBefore + 2);
    expect(await stationsHubValue(metrics.hubMessagesRelayed)).toBeGreaterThanOrEqual(2);
    const closed = [moderator.closed, admin.closed];
    moderator.socket.close();
    admin.socket.close();
    await Promise.all(closed);
    await expect.poll(() => stationsHubValue(metrics.hubConnections)).toBe(0);
  });
});
