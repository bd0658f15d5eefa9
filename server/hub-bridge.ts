// The live-update bridge: the browser talks SignalR to /hubs/<hub> on the console's origin; the
// bridge checks the Origin and the session BEFORE anything is opened upstream, then relays
// negotiate and the WebSocket to the Manager's hub with the user's token added server-side.
// The browser never sees an access token (any it sends is stripped).
// Per hub and role the build decides what may pass (app/live/hub-scope.ts): a refused hub is
// 403 at negotiate and at upgrade, a reduced scope gets every frame parsed and cut down
// (hub-frames.ts). Every open socket belongs to its session and is closed within seconds
// when that session ends: at once on sign-out in this process, otherwise at the next check.
// http-proxy-middleware is not used: its own upgrade listener skips such checks (STACK.md).
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import express from "express";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import type { HubScope } from "../app/live/hub-scope";
import { serviceRestart } from "../app/live/retry-policy";
import { hubPaths, type HubName } from "../app/contract/hubs";
import { reducedFromBrowser, reducedFromManager, type FrameFilter } from "./hub-frames";
import type { HubBridgeObserver } from "./observability";

export type HubAccess =
  | { allowed: true; accessToken: string; managerUrl: string; sessionId: string; scope: HubScope }
  | { allowed: false; status: 401 | 403 };

export interface HubBridgeOptions {
  authorize(request: Request, hub: HubName): Promise<HubAccess>;
  /** The console's origin as this request reached it (server/origin.ts), or null for a bad Host. */
  requestOrigin(request: IncomingMessage): string | null;
  /** How often the sessions of open sockets are checked again; default 2 s. */
  sessionCheckIntervalMs?: number;
  /** Told of sockets opened and closed and of every message relayed (metrics). */
  observer?: HubBridgeObserver;
}

/** Sent to the browser before its socket is closed for a session that ended. */
const sessionEndedRecord = `${JSON.stringify({ type: 7, error: "The session ended." })}\u001e`;
const policyViolation = 1008;

const hubPattern = /^\/hubs\/([A-Za-z]+)(\/negotiate)?$/;

function hubFromPath(pathname: string): { hub: HubName; negotiate: boolean } | null {
  const match = hubPattern.exec(pathname);
  if (!match || !Object.hasOwn(hubPaths, match[1]!)) return null;
  return { hub: match[1] as HubName, negotiate: Boolean(match[2]) };
}

/** The query the browser sent, minus any token of its own. */
function upstreamQuery(search: URLSearchParams) {
  const query = new URLSearchParams(search);
  query.delete("access_token");
  return query.toString();
}

function toFetchRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return new Request(`${origin}${request.url ?? "/"}`, { headers });
}

function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/** Close codes 1005/1006/1015 are reserved for reporting and must not be sent. */
function sendableCloseCode(code: number) {
  return code === 1000 ||
    (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
    ? code
    : 1011;
}

function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Counts the SignalR records in what is relayed, across frames, each with its type when it parses. */
function recordCounter(count: (type: number | undefined) => void) {
  let pending = "";
  return (data: RawData | string, isBinary: boolean) => {
    // MessagePack is never negotiated; a binary frame counts as one message of no known type.
    if (isBinary) return count(undefined);
    const records = (pending + (typeof data === "string" ? data : asBuffer(data).toString("utf8"))).split("\u001e");
    pending = records.pop() ?? "";
    if (pending.length > 1024 * 1024) pending = "";
    for (const record of records) {
      let type: unknown;
      try {
        type = (JSON.parse(record) as { type?: unknown } | null)?.type;
      } catch {
        type = undefined;
      }
      count(typeof type === "number" ? type : undefined);
    }
  };
}

function relay(
  browser: WebSocket,
  upstream: WebSocket,
  hub: HubName,
  scope: HubScope,
  observer: HubBridgeObserver | undefined,
) {
  const counterFor = (direction: "toBrowser" | "toManager") =>
    observer ? recordCounter((type) => observer.relayed(hub, direction, type)) : null;
  const forward =
    (to: WebSocket, filter: FrameFilter | null, counted: ReturnType<typeof counterFor>) =>
    (data: RawData, isBinary: boolean) => {
      if (to.readyState !== WebSocket.OPEN) return;
      if (!filter) {
        counted?.(data, isBinary);
        return to.send(data, { binary: isBinary });
      }
      const text = filter.accept(asBuffer(data), isBinary);
      if (text === "end") {
        browser.close(policyViolation, "Not relayed");
        upstream.close(1000);
      } else if (text) {
        counted?.(text, false);
        to.send(text);
      }
    };
  const reduced = scope === "reduced";
  browser.on("message", forward(upstream, reduced ? reducedFromBrowser() : null, counterFor("toManager")));
  upstream.on("message", forward(browser, reduced ? reducedFromManager(hub) : null, counterFor("toBrowser")));
  const closeOther = (other: WebSocket) => (code: number, reason: Buffer) => {
    if (other.readyState === WebSocket.OPEN || other.readyState === WebSocket.CONNECTING) {
      other.close(sendableCloseCode(code), reason);
    }
  };
  browser.on("close", closeOther(upstream));
  upstream.on("close", closeOther(browser));
  browser.on("error", () => upstream.terminate());
  upstream.on("error", () => browser.terminate());
}

interface OpenSocket {
  browser: WebSocket;
  upstream: WebSocket;
  hub: HubName;
  /** The upgrade request, to check its session again. */
  request: Request;
}

export function createHubBridge(options: HubBridgeOptions) {
  const browserSockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const router = express.Router();
  const socketsBySession = new Map<string, Set<OpenSocket>>();
  const checking = new Set<string>();

  function closeSession(sessionId: string) {
    const sockets = socketsBySession.get(sessionId);
    socketsBySession.delete(sessionId);
    for (const { browser, upstream } of sockets ?? []) {
      if (browser.readyState === WebSocket.OPEN) browser.send(sessionEndedRecord);
      browser.close(policyViolation, "Session ended");
      upstream.close(1000);
    }
  }

  function register(sessionId: string, socket: OpenSocket) {
    let sockets = socketsBySession.get(sessionId);
    if (!sockets) socketsBySession.set(sessionId, (sockets = new Set()));
    sockets.add(socket);
    socket.browser.once("close", () => {
      sockets.delete(socket);
      if (sockets.size === 0 && socketsBySession.get(sessionId) === sockets) socketsBySession.delete(sessionId);
    });
  }

  // Expiry, a refresh token no longer accepted, a sign-out in another process: whatever ends a
  // session, the same check that opened the socket now refuses it.
  const sessionCheck = setInterval(() => {
    for (const [sessionId, sockets] of socketsBySession) {
      const first = sockets.values().next().value;
      if (!first || checking.has(sessionId)) continue;
      checking.add(sessionId);
      options
        .authorize(first.request, first.hub)
        .then(
          (access) => {
            if (!access.allowed || access.sessionId !== sessionId) closeSession(sessionId);
          },
          () => closeSession(sessionId),
        )
        .finally(() => checking.delete(sessionId));
    }
  }, options.sessionCheckIntervalMs ?? 2000);
  sessionCheck.unref();

  router.post(/^\/hubs\/[A-Za-z]+\/negotiate$/, async (request, response) => {
    const target = hubFromPath(request.path);
    if (!target) return response.status(404).end();
    const origin = options.requestOrigin(request);
    if (!origin) return response.status(400).end();
    const access = await options.authorize(toFetchRequest(request, origin), target.hub);
    if (!access.allowed) return response.status(access.status).end();
    const url = new URL(request.originalUrl, "http://console.invalid");
    const query = upstreamQuery(url.searchParams);
    try {
      const upstream = await fetch(`${access.managerUrl}${hubPaths[target.hub]}/negotiate${query ? `?${query}` : ""}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${access.accessToken}` },
        signal: AbortSignal.timeout(10_000),
      });
      response.status(upstream.status);
      response.type(upstream.headers.get("content-type") ?? "application/json");
      response.setHeader("Cache-Control", "no-store");
      response.send(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      response.status(502).end();
    }
  });

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? "/", "http://console.invalid");
    const target = hubFromPath(url.pathname);
    if (!target || target.negotiate) return false;
    socket.on("error", () => socket.destroy());
    const origin = options.requestOrigin(request);
    if (!origin) {
      refuseUpgrade(socket, 400, "Bad Request");
      return true;
    }

    const fetchRequest = toFetchRequest(request, origin);
    void options.authorize(fetchRequest, target.hub).then(
      (access) => {
        if (!access.allowed)
          return refuseUpgrade(socket, access.status, access.status === 403 ? "Forbidden" : "Unauthorized");
        const query = upstreamQuery(url.searchParams);
        const upstreamUrl = `${access.managerUrl.replace(/^http/, "ws")}${hubPaths[target.hub]}${query ? `?${query}` : ""}`;
        const upstream = new WebSocket(upstreamUrl, { headers: { Authorization: `Bearer ${access.accessToken}` } });
        upstream.once("unexpected-response", (_request, upstreamResponse) => {
          refuseUpgrade(socket, upstreamResponse.statusCode ?? 502, upstreamResponse.statusMessage ?? "Bad Gateway");
          upstream.terminate();
        });
        upstream.once("error", () => refuseUpgrade(socket, 502, "Bad Gateway"));
        upstream.once("open", () => {
          upstream.removeAllListeners("error");
          if (socket.destroyed) return upstream.close();
          browserSockets.handleUpgrade(request, socket, head, (browser) => {
            register(access.sessionId, { browser, upstream, hub: target.hub, request: fetchRequest });
            options.observer?.opened(target.hub);
            browser.once("close", () => options.observer?.closed(target.hub));
            relay(browser, upstream, target.hub, access.scope, options.observer);
          });
        });
      },
      () => refuseUpgrade(socket, 500, "Internal Server Error"),
    );
    return true;
  }

  return {
    router,
    handleUpgrade,
    /** Closes every socket of the session now (it was signed out). */
    closeSession,
    /**
     * Closes every socket for a restart of this instance: browsers get 1012 "service restart"
     * and reconnect at once (app/live/retry-policy.ts), through the load balancer to an
     * instance that runs. Sockets that do not answer the close are cut after `timeoutMs`.
     */
    close(timeoutMs = 1000) {
      clearInterval(sessionCheck);
      const clients = [...browserSockets.clients];
      for (const client of clients) client.close(serviceRestart.code, serviceRestart.reason);
      browserSockets.close();
      setTimeout(() => clients.forEach((client) => client.terminate()), timeoutMs).unref();
    },
  };
}
