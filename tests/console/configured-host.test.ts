// With PUBLIC_URL set, a request for another host is refused before any page or sign-in step;
// health checks and metrics answer on any address, as load balancers call an instance by its own.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredHostOnly } from "../../server/configured-host";
import { createOriginResolver, type TrustProxy } from "../../server/origin";

function serve(publicUrl: string | null, trustProxy: number) {
  const app = express();
  app.set("trust proxy", trustProxy);
  const origins = createOriginResolver({ publicUrl, trust: app.get("trust proxy fn") as TrustProxy });
  app.use(configuredHostOnly(publicUrl, origins));
  app.use((_request, response) => response.send("served"));
  return createServer(app);
}

/** A GET with a Host header of our choosing (fetch would not send it). */
function get(server: Server, path: string, headers: Record<string, string>) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("the configured host", () => {
  let servers: Server[];
  beforeAll(async () => {
    servers = [serve("https://console.example", 0), serve("https://console.example", 1), serve(null, 0)];
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("refuses a request for another host with 400, naming the address to use", async () => {
    const [direct] = servers;
    for (const path of ["/login", "/stations/MCS-0042", "/oidc/auth?client_id=x"]) {
      const answer = await get(direct!, path, { host: "evil.example" });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("This console answers only at https://console.example.");
    }
  });

  it("answers German clients in German", async () => {
    const answer = await get(servers[0]!, "/login", { host: "evil.example", "accept-language": "de" });
    expect(answer.body).toContain("Diese Konsole antwortet nur unter https://console.example.");
  });

  it("serves the configured host, as the trusted proxy names it", async () => {
    const [, behindProxy] = servers;
    expect(
      await get(behindProxy!, "/login", {
        host: "10.0.0.7:3000",
        "x-forwarded-host": "console.example",
        "x-forwarded-proto": "https",
      }),
    ).toEqual({ status: 200, body: "served" });
    // The right host over the wrong scheme is another origin.
    expect(
      (await get(behindProxy!, "/login", { host: "10.0.0.7:3000", "x-forwarded-host": "console.example" })).status,
    ).toBe(400);
  });

  it("answers health checks and metrics on any address", async () => {
    for (const path of ["/healthz", "/readyz", "/metrics"]) {
      expect((await get(servers[0]!, path, { host: "10.0.0.7:3000" })).status).toBe(200);
    }
  });

  it("serves any host without PUBLIC_URL (the demo, reached by whatever address a kiosk uses)", async () => {
    expect((await get(servers[2]!, "/login", { host: "192.168.1.5:3000" })).status).toBe(200);
  });
});
