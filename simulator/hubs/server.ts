import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import express from "express";
import { WebSocketServer } from "ws";
import { hubPaths, type HubName } from "../../app/contract/hubs";
import type { Principal } from "../identity/verify";
import { bearerToken } from "./bearer-token";
import { HubConnection } from "./hub-connection";
import { Negotiations, type Negotiation } from "./negotiations";
import { frame, MessageType } from "./protocol";
import { rejectUpgrade } from "./reject-upgrade";
import { consoleJobHeader, consoleJobParameter } from "../../app/contract/values";

export interface HubServerOptions {
  /** null → 401 on negotiate and on upgrade */
  authenticate(token: string | null): Promise<Principal | null>;
  /** default 15000 */
  keepAliveIntervalMs?: number;
}

export interface HubServer {
  /** POST {hubPath}/negotiate for every path in hubPaths */
  router: express.Router;
  /** false when the URL is not a hub path (the caller decides) */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** An Invocation (type 1) to every handshaken connection of that hub. */
  broadcast(hub: HubName, target: string, ...args: unknown[]): void;
  /** Test control: destroys every socket abruptly (official clients reconnect). */
  dropConnections(): void;
  /** Test control: while false, negotiate answers 503, upgrades are refused and open sockets are dropped. */
  setAvailable(available: boolean): void;
  /** Sends a Close message (type 7) to every connection and closes it. */
  closeAll(options?: { allowReconnect?: boolean; error?: string }): void;
  /** Open connections of pages (a console's background jobs not counted). */
  connectionCount(hub?: HubName): number;
  /** Open connections of a console's background jobs (the listening sampler's). */
  jobConnectionCount(): number;
  close(): Promise<void>;
}

// ASP.NET Core's defaults: a client silent for 30 s is gone, a handshake must come within 15 s.
const clientTimeoutMs = 30_000;
const handshakeTimeoutMs = 15_000;
const unusedNegotiationLifetimeMs = 30_000;

const availableTransports = [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }];

export function createHubServer(options: HubServerOptions): HubServer {
  const keepAliveIntervalMs = options.keepAliveIntervalMs ?? 15_000;
  const hubByPath = new Map(Object.entries(hubPaths).map(([hub, path]) => [path as string, hub as HubName]));
  const negotiations = new Negotiations(unusedNegotiationLifetimeMs);
  const connections = new Set<HubConnection>();
  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  let isAvailable = true;

  const keepAlive = setInterval(() => {
    const now = Date.now();
    negotiations.sweep(now);
    for (const connection of connections) {
      if (!connection.isHandshaken) {
        if (now - connection.openedAt > handshakeTimeoutMs) connection.socket.terminate();
      } else if (now - connection.lastReceivedAt > clientTimeoutMs) {
        connection.socket.terminate();
      } else {
        connection.ping();
      }
    }
  }, keepAliveIntervalMs);
  keepAlive.unref();

  const router = express.Router();
  for (const [hub, path] of Object.entries(hubPaths) as Array<[HubName, string]>) {
    router.post(`${path}/negotiate`, (req, res) => {
      negotiate(hub, req)
        .then(({ status, body }) => {
          res.status(status).set("Cache-Control", "no-store");
          if (status === 401) res.set("WWW-Authenticate", "Bearer");
          if (body) res.json(body);
          else res.end();
        })
        .catch((error: unknown) => {
          console.error("[hubs] negotiate failed", error);
          res.status(500).end();
        });
    });
  }

  async function negotiate(hub: HubName, req: IncomingMessage): Promise<{ status: number; body?: object }> {
    if (!isAvailable) return { status: 503 };
    const principal = await options.authenticate(bearerToken(req));
    if (!principal) return { status: 401 };
    const requestedVersion = Number(
      new URL(req.url ?? "/", "http://placeholder").searchParams.get("negotiateVersion") ?? 0,
    );
    const negotiateVersion = requestedVersion >= 1 ? 1 : 0;
    const negotiation = negotiations.create(hub, principal.subject, negotiateVersion);
    return {
      status: 200,
      body:
        negotiateVersion === 1
          ? {
              connectionId: negotiation.connectionId,
              connectionToken: negotiation.connectionToken,
              negotiateVersion,
              availableTransports,
            }
          : { connectionId: negotiation.connectionId, negotiateVersion, availableTransports },
    };
  }

  async function acceptUpgrade(hub: HubName, req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (!isAvailable) return rejectUpgrade(socket, 503);
    if (req.headers.upgrade?.toLowerCase() !== "websocket") return rejectUpgrade(socket, 400);
    const connectionToken = new URL(req.url ?? "/", "http://placeholder").searchParams.get("id");
    if (!connectionToken) return rejectUpgrade(socket, 400);
    const negotiation = negotiations.find(connectionToken);
    if (!negotiation || negotiation.hub !== hub) return rejectUpgrade(socket, 404);
    if (negotiation.isClaimed) return rejectUpgrade(socket, 409);

    // Claimed before the await, so a second socket racing this one gets its 409.
    negotiation.isClaimed = true;
    const refusal = await checkUpgrader(negotiation, req).catch((error: unknown) => {
      negotiation.isClaimed = false;
      throw error;
    });
    if (refusal) {
      negotiation.isClaimed = false;
      return rejectUpgrade(socket, refusal, refusal === 401 ? { "WWW-Authenticate": "Bearer" } : {});
    }

    webSocketServer.handleUpgrade(req, socket, head, (webSocket) => {
      const url = new URL(req.url ?? "/", "http://placeholder");
      const isJob = req.headers[consoleJobHeader] !== undefined || url.searchParams.has(consoleJobParameter);
      const connection = new HubConnection(hub, negotiation.connectionId, webSocket, isJob);
      connections.add(connection);
      webSocket.on("close", () => {
        connections.delete(connection);
        negotiations.remove(connectionToken);
      });
    });
  }

  /** The status that refuses this upgrade, or undefined to accept it. */
  async function checkUpgrader(negotiation: Negotiation, req: IncomingMessage): Promise<number | undefined> {
    const principal = await options.authenticate(bearerToken(req));
    if (!principal) return 401;
    if (principal.subject !== negotiation.subject) return 403;
    if (!isAvailable) return 503;
    return undefined;
  }

  function dropConnections() {
    for (const connection of connections) connection.socket.terminate();
  }

  return {
    router,
    handleUpgrade(req, socket, head) {
      const hub = hubByPath.get(new URL(req.url ?? "/", "http://placeholder").pathname);
      if (!hub) return false;
      acceptUpgrade(hub, req, socket, head).catch((error: unknown) => {
        console.error("[hubs] upgrade failed", error);
        rejectUpgrade(socket, 500);
      });
      return true;
    },
    broadcast(hub, target, ...args) {
      const text = frame({ type: MessageType.Invocation, target, arguments: args });
      for (const connection of connections) {
        if (connection.hub === hub) connection.sendFrame(text);
      }
    },
    dropConnections,
    setAvailable(available) {
      isAvailable = available;
      if (!available) dropConnections();
    },
    closeAll(closeOptions = {}) {
      for (const connection of connections) {
        if (connection.isHandshaken) connection.close(closeOptions);
        else connection.socket.close(1000);
      }
    },
    connectionCount(hub) {
      let count = 0;
      for (const connection of connections) {
        if (connection.isHandshaken && !connection.isJob && (hub === undefined || connection.hub === hub)) count += 1;
      }
      return count;
    },
    jobConnectionCount() {
      let count = 0;
      for (const connection of connections) if (connection.isHandshaken && connection.isJob) count += 1;
      return count;
    },
    async close() {
      clearInterval(keepAlive);
      dropConnections();
      negotiations.clear();
      await new Promise<void>((resolve) => webSocketServer.close(() => resolve()));
    },
  };
}
