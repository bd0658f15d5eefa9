import { createServer, type IncomingMessage, type Server } from "node:http";
import { PassThrough } from "node:stream";
import type { AddressInfo } from "node:net";
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from "@microsoft/signalr";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { hubMessages, hubPaths, type HubName } from "../../app/contract/hubs";
import { consoleJobHeader } from "../../app/contract/values";
import { createHubServer, type HubServer } from "../../simulator/hubs";
import { Negotiations } from "../../simulator/hubs/negotiations";
import type { Principal } from "../../simulator/identity";

const testToken = "test-token";
const otherUsersToken = "other-users-token";
const principals: Record<string, Principal> = {
  [testToken]: {
    subject: "user-1",
    name: "Test User",
    organizationName: "Venue",
    tenantId: "tenant",
    roles: ["Admin"],
  },
  [otherUsersToken]: {
    subject: "user-2",
    name: "Other User",
    organizationName: "Venue",
    tenantId: "tenant",
    roles: ["Owner"],
  },
};
const recordSeparator = "\u001e";

let hubs: HubServer;
let server: Server;
let baseUrl: string;
let refusedNegotiations = 0;
const openConnections: HubConnection[] = [];

beforeAll(async () => {
  hubs = createHubServer({
    authenticate: async (token) => (token ? (principals[token] ?? null) : null),
    keepAliveIntervalMs: 50,
  });
  const app = express();
  app.use((req, res, next) => {
    res.on("finish", () => {
      if (req.path.endsWith("/negotiate") && res.statusCode === 503) refusedNegotiations += 1;
    });
    next();
  });
  app.use(hubs.router);
  server = createServer(app);
  server.on("upgrade", (req, socket, head) => {
    if (!hubs.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  hubs.setAvailable(true);
  await Promise.all(openConnections.splice(0).map((connection) => connection.stop()));
  await until(() => hubs.connectionCount() === 0);
});

afterAll(async () => {
  await hubs.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Polls until the condition holds; the test's own timeout is the only limit. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function connect(
  hub: HubName,
  { token = testToken, reconnect = true, headers = {} as Record<string, string> } = {},
): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}${hubPaths[hub]}`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: () => token,
      headers,
    })
    .configureLogging(LogLevel.None);
  if (reconnect) builder = builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 10 });
  const connection = builder.build();
  openConnections.push(connection);
  return connection;
}

function nextEvent<T>(subscribe: (listener: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve) => subscribe(resolve));
}

describe("hub server with the official @microsoft/signalr client", () => {
  it("delivers a broadcast to the clients of that hub and no other", async () => {
    const stations = connect("stationsHub");
    const moderation = connect("moderationHub");
    const received: Record<string, unknown[][]> = { stations: [], moderation: [] };
    const stationArrived = nextEvent<void>((resolve) =>
      stations.on(hubMessages.stationsHub.stationChanged, (...args: unknown[]) => {
        received.stations!.push(args);
        resolve();
      }),
    );
    stations.on(hubMessages.moderationHub.moderationChannelChanged, (...args: unknown[]) => {
      received.stations!.push(args);
    });
    const moderationArrived = nextEvent<void>((resolve) => {
      moderation.on(hubMessages.moderationHub.moderationChannelChanged, (...args: unknown[]) => {
        received.moderation!.push(args);
        resolve();
      });
      moderation.on(hubMessages.stationsHub.stationChanged, (...args: unknown[]) => {
        received.moderation!.push(args);
      });
    });
    await Promise.all([stations.start(), moderation.start()]);
    expect(hubs.connectionCount("stationsHub")).toBe(1);
    expect(hubs.connectionCount("moderationHub")).toBe(1);
    expect(hubs.connectionCount()).toBe(2);

    const station = { serialNumber: "MCS-0042", name: "Hall A", connectionState: "Up" };
    hubs.broadcast("stationsHub", hubMessages.stationsHub.stationChanged, station, "Update");
    await stationArrived;
    // Messages on one connection arrive in order: had the station message reached the
    // moderation client, it would be recorded before the moderation message.
    hubs.broadcast("moderationHub", hubMessages.moderationHub.moderationChannelChanged, { id: "channel-1" }, "Add");
    await moderationArrived;

    expect(received.stations).toEqual([[station, "Update"]]);
    expect(received.moderation).toEqual([[{ id: "channel-1" }, "Add"]]);
  });

  it("counts the console's own jobs' connections apart from the ones relayed for browsers", async () => {
    const copy = connect("stationsHub", { headers: { [consoleJobHeader]: "appView-copy" } });
    const relayed = connect("stationsHub");
    await Promise.all([copy.start(), relayed.start()]);
    expect(hubs.connectionCount("stationsHub")).toBe(1);
    expect(hubs.jobConnectionCount()).toBe(1);
    const arrived = nextEvent<unknown[]>((resolve) =>
      copy.on(hubMessages.stationsHub.stationChanged, (...args: unknown[]) => resolve(args)),
    );
    hubs.broadcast("stationsHub", hubMessages.stationsHub.stationChanged, { serialNumber: "MCS-0042" }, "Update");
    expect(await arrived).toEqual([{ serialNumber: "MCS-0042" }, "Update"]);
    await copy.stop();
    await until(() => hubs.jobConnectionCount() === 0);
  });

  it("refuses a bad token on negotiate with 401", async () => {
    const connection = connect("stationsHub", { token: "bad-token", reconnect: false });
    await expect(connection.start()).rejects.toThrow("Status code '401'");
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });

  it("gives a reconnecting client a new connection after its socket is dropped", async () => {
    const connection = connect("updaterHub");
    await connection.start();
    const firstId = connection.connectionId;
    const reconnecting = nextEvent<Error | undefined>((resolve) => connection.onreconnecting(resolve));
    const reconnected = nextEvent<string | undefined>((resolve) => connection.onreconnected(resolve));

    hubs.dropConnections();

    await reconnecting;
    const newId = await reconnected;
    expect(newId).toBeDefined();
    expect(newId).not.toBe(firstId);
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(hubs.connectionCount("updaterHub")).toBe(1);
  });

  it("stops a client for good with a Close message that does not allow reconnecting", async () => {
    const connection = connect("statisticsHub");
    let reconnectingCount = 0;
    connection.onreconnecting(() => (reconnectingCount += 1));
    await connection.start();
    const closed = nextEvent<Error | undefined>((resolve) => connection.onclose(resolve));

    hubs.closeAll({ error: "Simulator shutting down" });

    const error = await closed;
    expect(error?.message).toContain("Simulator shutting down");
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect(reconnectingCount).toBe(0);
  });

  it("reconnects a client after a Close message that allows it", async () => {
    const connection = connect("systemEventsHub");
    await connection.start();
    const firstId = connection.connectionId;
    const reconnected = nextEvent<string | undefined>((resolve) => connection.onreconnected(resolve));

    hubs.closeAll({ allowReconnect: true });

    expect(await reconnected).not.toBe(firstId);
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it("refuses reconnects while unavailable and accepts them once available again", async () => {
    const connection = connect("appCustomizationHub");
    await connection.start();
    const reconnected = nextEvent<string | undefined>((resolve) => connection.onreconnected(resolve));
    const refusedBefore = refusedNegotiations;

    hubs.setAvailable(false);
    await until(() => refusedNegotiations >= refusedBefore + 3);
    expect(connection.state).toBe(HubConnectionState.Reconnecting);
    expect(hubs.connectionCount()).toBe(0);

    hubs.setAvailable(true);
    await reconnected;
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it("answers an invocation of an unknown method with an error", async () => {
    const connection = connect("stationsHub");
    await connection.start();
    await expect(connection.invoke("RebootEverything", 1)).rejects.toThrow("Unknown hub method 'RebootEverything'");
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it("forgets a connection when its client stops", async () => {
    const connection = connect("moderationHub");
    await connection.start();
    expect(hubs.connectionCount("moderationHub")).toBe(1);
    await connection.stop();
    await until(() => hubs.connectionCount("moderationHub") === 0);
  });
});

/** A WebSocket client speaking the protocol by hand, to see the raw frames. */
class RawHubClient {
  private readonly frames: string[] = [];
  private waiting: (() => void) | undefined;
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.frames.push(data.toString());
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => socket.on("close", (code) => resolve(code)));
  }

  static async open(
    hub: HubName,
    connectionToken: string,
    headers: Record<string, string> = { authorization: `Bearer ${testToken}` },
    query = "",
  ) {
    const socket = new WebSocket(`${baseUrl.replace("http", "ws")}${hubPaths[hub]}?id=${connectionToken}${query}`, {
      headers,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    return new RawHubClient(socket);
  }

  /** The next frame, or a frame for which the predicate holds when one is given. */
  async nextFrame(predicate: (frame: string) => boolean = () => true): Promise<string> {
    for (;;) {
      const index = this.frames.findIndex(predicate);
      if (index >= 0) return this.frames.splice(0, index + 1).pop()!;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  send(text: string) {
    this.socket.send(text);
  }

  close() {
    this.socket.terminate();
  }
}

async function negotiate(
  hub: HubName,
  init: RequestInit = { headers: { authorization: `Bearer ${testToken}` } },
  query = "?negotiateVersion=1",
) {
  const response = await fetch(`${baseUrl}${hubPaths[hub]}/negotiate${query}`, { method: "POST", ...init });
  return { response, body: response.ok ? ((await response.json()) as Record<string, unknown>) : undefined };
}

/** The HTTP status with which the server refuses a WebSocket upgrade. */
function upgradeStatus(
  hub: HubName,
  connectionToken: string,
  headers: Record<string, string> = { authorization: `Bearer ${testToken}` },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace("http", "ws")}${hubPaths[hub]}?id=${connectionToken}`, { headers });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      socket.terminate();
      reject(new Error("the upgrade was accepted"));
    });
    socket.on("error", () => {});
  });
}

describe("hub server protocol, raw", () => {
  const openRawClients: RawHubClient[] = [];
  afterEach(() => {
    for (const client of openRawClients.splice(0)) client.close();
  });

  async function openHandshaken(hub: HubName) {
    const { body } = await negotiate(hub);
    const client = await RawHubClient.open(hub, String(body!.connectionToken));
    openRawClients.push(client);
    client.send(`{"protocol":"json","version":1}${recordSeparator}`);
    expect(await client.nextFrame()).toBe(`{}${recordSeparator}`);
    return client;
  }

  it("answers negotiate version 1 with a connection token and WebSockets only", async () => {
    const { response, body } = await negotiate("stationsHub");
    expect(response.status).toBe(200);
    expect(body).toEqual({
      connectionId: expect.stringMatching(/^[\w-]{22}$/),
      connectionToken: expect.stringMatching(/^[\w-]{22}$/),
      negotiateVersion: 1,
      availableTransports: [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }],
    });
    expect(body!.connectionToken).not.toBe(body!.connectionId);
  });

  it("accepts the token as access_token in the query, as browsers send it", async () => {
    const { response, body } = await negotiate("stationsHub", {}, `?negotiateVersion=1&access_token=${testToken}`);
    expect(response.status).toBe(200);
    const client = await RawHubClient.open(
      "stationsHub",
      String(body!.connectionToken),
      {},
      `&access_token=${testToken}`,
    );
    openRawClients.push(client);
    client.send(`{"protocol":"json","version":1}${recordSeparator}`);
    expect(await client.nextFrame()).toBe(`{}${recordSeparator}`);
  });

  it("refuses negotiate without a token with 401 and a Bearer challenge", async () => {
    const { response } = await negotiate("stationsHub", {});
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers negotiate with 503 while unavailable", async () => {
    hubs.setAvailable(false);
    expect((await negotiate("stationsHub")).response.status).toBe(503);
  });

  it("refuses an upgrade with an unknown id with 404", async () => {
    expect(await upgradeStatus("stationsHub", "no-such-connection")).toBe(404);
  });

  it("refuses an upgrade with an id negotiated on another hub with 404", async () => {
    const { body } = await negotiate("moderationHub");
    expect(await upgradeStatus("stationsHub", String(body!.connectionToken))).toBe(404);
  });

  it("refuses a second socket on one id with 409", async () => {
    const { body } = await negotiate("stationsHub");
    const first = await RawHubClient.open("stationsHub", String(body!.connectionToken));
    openRawClients.push(first);
    expect(await upgradeStatus("stationsHub", String(body!.connectionToken))).toBe(409);
  });

  it("refuses an upgrade without a valid token with 401, and one by another user with 403", async () => {
    const { body } = await negotiate("stationsHub");
    expect(await upgradeStatus("stationsHub", String(body!.connectionToken), {})).toBe(401);
    expect(
      await upgradeStatus("stationsHub", String(body!.connectionToken), { authorization: `Bearer ${otherUsersToken}` }),
    ).toBe(403);
  });

  it("refuses upgrades with 503 while unavailable", async () => {
    const { body } = await negotiate("stationsHub");
    hubs.setAvailable(false);
    expect(await upgradeStatus("stationsHub", String(body!.connectionToken))).toBe(503);
  });

  it("leaves an upgrade for a path that is not a hub to the caller", () => {
    const socket = new PassThrough();
    const request = {
      url: "/configuration/hubs/unknownHub?id=x",
      headers: { upgrade: "websocket" },
    } as IncomingMessage;
    expect(hubs.handleUpgrade(request, socket, Buffer.alloc(0))).toBe(false);
    expect(socket.read()).toBeNull();
    expect(socket.destroyed).toBe(false);
  });

  it("reads messages that share a frame with the handshake", async () => {
    const { body } = await negotiate("stationsHub");
    const client = await RawHubClient.open("stationsHub", String(body!.connectionToken));
    openRawClients.push(client);
    client.send(
      `{"protocol":"json","version":1}${recordSeparator}{"type":6}${recordSeparator}` +
        `{"type":1,"invocationId":"7","target":"Subscribe","arguments":[]}${recordSeparator}`,
    );
    expect(await client.nextFrame()).toBe(`{}${recordSeparator}`);
    const completion = await client.nextFrame((frame) => frame.includes('"type":3'));
    expect(JSON.parse(completion.slice(0, -1))).toEqual({
      type: 3,
      invocationId: "7",
      error: "Unknown hub method 'Subscribe'",
    });
  });

  it("reads a handshake split across frames", async () => {
    const { body } = await negotiate("stationsHub");
    const client = await RawHubClient.open("stationsHub", String(body!.connectionToken));
    openRawClients.push(client);
    client.send('{"protocol":"json",');
    client.send(`"version":1}${recordSeparator}`);
    expect(await client.nextFrame()).toBe(`{}${recordSeparator}`);
  });

  it("rejects another protocol with an error handshake response and closes", async () => {
    const { body } = await negotiate("stationsHub");
    const client = await RawHubClient.open("stationsHub", String(body!.connectionToken));
    openRawClients.push(client);
    client.send(`{"protocol":"messagepack","version":1}${recordSeparator}`);
    expect(await client.nextFrame()).toBe(`{"error":"The protocol 'messagepack' is not supported."}${recordSeparator}`);
    await client.closed;
  });

  it("sends nothing before the handshake, then keep-alive pings", async () => {
    const { body } = await negotiate("updaterHub");
    const client = await RawHubClient.open("updaterHub", String(body!.connectionToken));
    openRawClients.push(client);
    hubs.broadcast("updaterHub", hubMessages.updaterHub.firmwareChanged, { id: "before-handshake" }, "Add");
    client.send(`{"protocol":"json","version":1}${recordSeparator}`);
    expect(await client.nextFrame()).toBe(`{}${recordSeparator}`);
    expect(await client.nextFrame()).toBe(`{"type":6}${recordSeparator}`);
  });

  it("does not answer a fire-and-forget invocation, and closes on a Close message", async () => {
    const client = await openHandshaken("stationsHub");
    client.send(`{"type":1,"target":"Anything","arguments":[]}${recordSeparator}{"type":7}${recordSeparator}`);
    await client.closed;
    await until(() => hubs.connectionCount("stationsHub") === 0);
  });

  it("sends a broadcast as a camelCase Invocation without an invocation id", async () => {
    const client = await openHandshaken("statisticsHub");
    hubs.broadcast(
      "statisticsHub",
      hubMessages.statisticsHub.statisticsChanged,
      { connectedStationCount: 3, audioChannelCount: 5 },
      "Update",
    );
    const invocation = await client.nextFrame((frame) => frame.includes('"type":1'));
    expect(invocation).toBe(
      `{"type":1,"target":"StatisticsChanged","arguments":[{"connectedStationCount":3,"audioChannelCount":5},"Update"]}${recordSeparator}`,
    );
  });

  it("answers a Close message with allowReconnect when asked to", async () => {
    const client = await openHandshaken("stationsHub");
    hubs.closeAll({ allowReconnect: true, error: "Restarting" });
    const close = await client.nextFrame((frame) => frame.includes('"type":7'));
    expect(JSON.parse(close.slice(0, -1))).toEqual({ type: 7, error: "Restarting", allowReconnect: true });
    expect(await client.closed).toBe(1000);
  });

  it("forgets the id once its socket has closed", async () => {
    const { body } = await negotiate("stationsHub");
    const client = await RawHubClient.open("stationsHub", String(body!.connectionToken));
    client.close();
    await client.closed;
    await until(() => hubs.connectionCount() === 0);
    expect(await upgradeStatus("stationsHub", String(body!.connectionToken))).toBe(404);
  });
});

describe("negotiations", () => {
  it("expire when no socket comes for them, but not while a socket is open", () => {
    const negotiations = new Negotiations(30_000);
    const unused = negotiations.create("stationsHub", "user-1", 1, 0);
    const inUse = negotiations.create("stationsHub", "user-1", 1, 0);
    inUse.isClaimed = true;

    negotiations.sweep(30_000);
    expect(negotiations.find(unused.connectionToken)).toBe(unused);

    negotiations.sweep(30_001);
    expect(negotiations.find(unused.connectionToken)).toBeUndefined();
    expect(negotiations.find(inUse.connectionToken)).toBe(inUse);
  });

  it("use the connection id as the token under negotiate version 0", () => {
    const negotiation = new Negotiations(30_000).create("updaterHub", "user-1", 0);
    expect(negotiation.connectionToken).toBe(negotiation.connectionId);
  });
});
