// The live-update bridge refuses what it must before anything is opened upstream.
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { parseConfig } from "~/config.server";
import { authorizeHubRequest } from "~/live/hub-access.server";
import { setRuntime } from "~/runtime.server";
import { createHubBridge } from "../../server/hub-bridge";
import { createOriginResolver } from "../../server/origin";
import { withStore } from "../support/runtime";

let server: Server;
let origin: string;
let upstreamCalls = 0;

function upgradeStatus(path: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace("http", "ws")}${path}`, { headers });
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("error", reject);
  });
}

describe("the hub bridge", () => {
  beforeAll(async () => {
    const manager = createServer(() => {
      upstreamCalls += 1;
    });
    await new Promise<void>((resolve) => manager.listen(0, "127.0.0.1", resolve));
    const managerAddress = manager.address() as { port: number };
    setRuntime(
      withStore({
        config: parseConfig({ DATA_DIRECTORY: mkdtempSync(join(tmpdir(), "bridge-test-")) }),
        managerUrl: `http://127.0.0.1:${managerAddress.port}`,
        sessionSecrets: ["b".repeat(32)],
        embeddedIdentity: null,
      }),
    );
    const origins = createOriginResolver({ publicUrl: null, trust: () => false });
    const bridge = createHubBridge({ authorize: authorizeHubRequest, requestOrigin: origins.requestOrigin });
    const app = express();
    app.use(bridge.router);
    server = createServer(app);
    server.on("upgrade", (request, socket, head) => {
      if (!bridge.handleUpgrade(request, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(() => server.close());

  it("refuses a cross-origin WebSocket upgrade with 403", async () => {
    expect(await upgradeStatus("/hubs/stationsHub?id=abc", { Origin: "http://evil.example" })).toBe(403);
  });

  it("refuses an upgrade without an Origin with 403", async () => {
    expect(await upgradeStatus("/hubs/stationsHub?id=abc", {})).toBe(403);
  });

  it("refuses a same-origin upgrade without a signed-in session with 401", async () => {
    expect(await upgradeStatus("/hubs/stationsHub?id=abc", { Origin: origin })).toBe(401);
  });

  it("refuses negotiate without a session, and never calls the Manager for refused requests", async () => {
    const response = await fetch(`${origin}/hubs/moderationHub/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Origin: origin },
    });
    expect(response.status).toBe(401);
    expect(upstreamCalls).toBe(0);
  });
});
