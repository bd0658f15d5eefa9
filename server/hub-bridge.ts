// The live-update bridge: the browser talks SignalR to /hubs/<hub> on the console's origin; the
// bridge checks the Origin and the session BEFORE anything is opened upstream, then relays
// negotiate and the WebSocket to the Manager's hub with the user's token added server-side.
// The browser never sees an access token (any it sends is stripped).
// http-proxy-middleware is not used: its own upgrade listener skips such checks (STACK.md).
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import express from "express";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { hubPaths, type HubName } from "../app/manager/paths";

export type HubAccess = { allowed: true; accessToken: string; managerUrl: string } | { allowed: false; status: 401 | 403 };

export interface HubBridgeOptions {
  authorize(request: Request): Promise<HubAccess>;
  /** The console's origin as this request reached it (server/origin.ts), or null for a bad Host. */
  requestOrigin(request: IncomingMessage): string | null;
}

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
  return code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999)
    ? code
    : 1011;
}

function relay(browser: WebSocket, upstream: WebSocket) {
  const forward = (to: WebSocket) => (data: RawData, isBinary: boolean) => {
    if (to.readyState === WebSocket.OPEN) to.send(data, { binary: isBinary });
  };
  browser.on("message", forward(upstream));
  upstream.on("message", forward(browser));
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

export function createHubBridge(options: HubBridgeOptions) {
  const browserSockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const router = express.Router();

  router.post(/^\/hubs\/[A-Za-z]+\/negotiate$/, async (request, response) => {
    const target = hubFromPath(request.path);
    if (!target) return response.status(404).end();
    const origin = options.requestOrigin(request);
    if (!origin) return response.status(400).end();
    const access = await options.authorize(toFetchRequest(request, origin));
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

    void options.authorize(toFetchRequest(request, origin)).then(
      (access) => {
        if (!access.allowed) return refuseUpgrade(socket, access.status, access.status === 403 ? "Forbidden" : "Unauthorized");
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
          browserSockets.handleUpgrade(request, socket, head, (browser) => relay(browser, upstream));
        });
      },
      () => refuseUpgrade(socket, 500, "Internal Server Error"),
    );
    return true;
  }

  return {
    router,
    handleUpgrade,
    close() {
      for (const client of browserSockets.clients) client.terminate();
      browserSockets.close();
    },
  };
}
