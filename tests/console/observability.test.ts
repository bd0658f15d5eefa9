// Logs and metrics (docs/decisions/016-logs-and-metrics.md): the request's reference and when a
// proxy may name it, the one line per request without a cookie or token in it, the Manager call
// by its path template, and /metrics only for the bearer of METRICS_TOKEN.
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { managerPaths, managerPathTemplate, managerPathTemplates } from "~/contract/paths";
import { createManagerClient, type ManagerCallRecord } from "~/manager/http.server";
import { appObservability } from "../../server/observability";
import { createLogger } from "../../server/observability/logger";
import { createMetrics, metricsEndpoint } from "../../server/observability/metrics";
import { withErrorReferences } from "../../server/observability/error-references";
import { answeredAs, requestContext } from "../../server/observability/request-context";
import type { TrustProxy } from "../../server/origin";

const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function listen(app: express.Express) {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** A console-like server: the request context first, then what the test needs. */
async function observedServer(options: { trustLoopback: boolean; setUp?: (app: express.Express) => void }) {
  const lines: Record<string, unknown>[] = [];
  const logger = await createLogger({
    level: "info",
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const metrics = createMetrics({ processMetrics: false });
  const app = express();
  app.set("trust proxy", options.trustLoopback ? "loopback" : false);
  const trust = app.get("trust proxy fn") as TrustProxy;
  app.use(requestContext({ logger, metrics, trust, routeOf: () => "routes/test" }));
  options.setUp?.(app);
  app.all("*", (_request, response) => void response.send("ok"));
  return { url: await listen(app), lines, metrics, observability: appObservability(logger, metrics) };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the request's reference", () => {
  it("is the trusted proxy's X-Request-Id, returned in the answer", async () => {
    const { url } = await observedServer({ trustLoopback: true });
    const response = await fetch(url, { headers: { "x-request-id": "edge-4711.a:b" } });
    expect(response.headers.get("x-request-id")).toBe("edge-4711.a:b");
  });

  it("is generated when the peer is no trusted proxy", async () => {
    const { url } = await observedServer({ trustLoopback: false });
    const response = await fetch(url, { headers: { "x-request-id": "chosen-by-client" } });
    expect(response.headers.get("x-request-id")).toMatch(uuid);
  });

  it("is generated when a trusted proxy's value is too long or has unsafe characters", async () => {
    const { url, lines } = await observedServer({ trustLoopback: true });
    for (const value of ["x".repeat(129), "two words", 'quote"s', "<script>"]) {
      const response = await fetch(url, { headers: { "x-request-id": value } });
      expect(response.headers.get("x-request-id")).toMatch(uuid);
    }
    expect(lines.map((line) => line.requestId)).toEqual(expect.arrayContaining([expect.stringMatching(uuid)]));
  });

  it("is a new one for every request without a header", async () => {
    const { url } = await observedServer({ trustLoopback: true });
    const [first, second] = await Promise.all([fetch(url), fetch(url)]);
    expect(first!.headers.get("x-request-id")).not.toBe(second!.headers.get("x-request-id"));
  });
});

describe("the request log", () => {
  const cookie = "__session=c2Vzc2lvbi1zZWNyZXQtdmFsdWU.signature-of-the-cookie";
  const bearer = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.access-token-signature";

  it("names route, status, duration, Manager time and the user — never a cookie or token", async () => {
    let hooks: ReturnType<typeof appObservability> | null = null;
    const server = await observedServer({
      trustLoopback: false,
      setUp: (app) =>
        app.get("/stations", (_request, response) => {
          hooks!.identify({ id: "user-1", role: "Admin" });
          hooks!.managerCall({ method: "GET", path: "/p/{id}", status: 200, outcome: "2xx", durationMs: 12 });
          // Even an object carrying secrets, logged by mistake, comes out censored.
          hooks!.warn("careless", { accessToken: bearer, headers: { cookie } });
          response.status(200).send("page");
        }),
    });
    hooks = server.observability;
    await fetch(`${server.url}/stations?code=authorization-code-value`, {
      headers: { cookie, authorization: `Bearer ${bearer}` },
    });
    const request = server.lines.find((line) => line.msg === "request");
    expect(request).toMatchObject({
      method: "GET",
      route: "routes/test",
      path: "/stations",
      status: 200,
      managerMs: 12,
      managerCalls: 1,
      userId: "user-1",
      role: "Admin",
    });
    expect(request!.durationMs).toEqual(expect.any(Number));
    const everything = server.lines.map((line) => JSON.stringify(line)).join("\n");
    expect(everything).not.toContain("c2Vzc2lvbi1zZWNyZXQtdmFsdWU");
    expect(everything).not.toContain("access-token-signature");
    expect(everything).not.toContain("authorization-code-value");
    expect(everything).toContain("[redacted]");
  });

  it("names what answered outside Remix, and the histogram counts it by route and status", async () => {
    const server = await observedServer({
      trustLoopback: false,
      setUp: (app) =>
        app.get(
          "/elsewhere",
          answeredAs("static", (_request, response) => void response.status(204).end()),
        ),
    });
    await fetch(`${server.url}/elsewhere`);
    expect(server.lines.find((line) => line.msg === "request")).toMatchObject({ route: "static", status: 204 });
    const text = await server.metrics.registry.metrics();
    expect(text).toContain('console_http_request_duration_seconds_count{route="static",method="GET",status="204"} 1');
  });
});

describe("Manager calls", () => {
  it("every path builder fills in its template", () => {
    for (const [name, template] of Object.entries(managerPathTemplates)) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => `{${match[1]}}`);
      const build = managerPaths[name as keyof typeof managerPaths] as (...values: string[]) => string;
      expect(decodeURIComponent(build(...names)), name).toBe(template);
      expect(managerPathTemplate(build(...names.map((_, index) => `x${index}`)))).toBe(template);
    }
  });

  it("are reported by template, without the serial number, with status and outcome", async () => {
    const calls: ManagerCallRecord[] = [];
    const app = express();
    app.put("*", (_request, response) => void response.status(503).json({ title: "down" }));
    app.get("*", (_request, response) => void response.json({ not: "a station" }));
    const manager = createManagerClient({
      baseUrl: await listen(app),
      accessToken: "token-value",
      timeoutMs: 2000,
      onCall: (call) => calls.push(call),
    });
    await manager.send("PUT", managerPaths.reboot("MCS-0042")).catch(() => {});
    await manager
      .get(managerPaths.station("MCS-0042"), { safeParse: () => ({ success: false, error: { issues: [] } }) } as never)
      .catch(() => {});
    expect(calls).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/configuration/api/v1.0/stations/{serialNumber}/reboot",
        status: 503,
        outcome: "5xx",
      }),
      expect.objectContaining({
        method: "GET",
        path: "/configuration/api/v1.0/stations/{serialNumber}",
        status: 200,
        outcome: "contract",
      }),
    ]);
    expect(JSON.stringify(calls)).not.toContain("MCS-0042");
  });
});

describe("GET /metrics", () => {
  const token = "metrics-token-for-the-test";

  async function metricsServer() {
    const metrics = createMetrics({ processMetrics: true });
    metrics.signIns.inc();
    const app = express();
    app.get("/metrics", metricsEndpoint(metrics.registry, token));
    return listen(app);
  }

  it("answers 401 without the bearer token or with another one", async () => {
    const url = await metricsServer();
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong" },
      { authorization: token },
      { authorization: `Basic ${token}` },
    ];
    for (const headers of refused) {
      const response = await fetch(`${url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("console_");
    }
  });

  it("answers the Prometheus text with the token, process metrics included", async () => {
    const url = await metricsServer();
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("console_sign_ins_total 1");
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain('console_event_loop_delay_seconds_bucket{le="0.05"}');
    expect(text).toContain("console_event_loop_delay_max_seconds");
  });
});

describe("the listening sampler's readings", () => {
  it("add up their CPU time and show the last reading's most Manager calls in flight", async () => {
    const { observability, metrics } = await observedServer({ trustLoopback: false });
    const round = { outcome: "stored", stations: 5000, managerCalls: 5, durationMs: 80 } as const;
    observability.listeningRound({ ...round, mostCallsInFlight: 4, cpuMs: 30 });
    observability.listeningRound({ ...round, mostCallsInFlight: 1, cpuMs: 20 });
    const text = await metrics.registry.metrics();
    expect(text).toContain('console_listening_rounds_total{outcome="stored"} 2');
    expect(text).toContain("console_listening_round_cpu_seconds_total 0.05");
    expect(text).toContain("console_listening_round_manager_calls_in_flight 1");
  });

  it("add up the roll-ups' CPU time apart from the readings'", async () => {
    const { observability, metrics } = await observedServer({ trustLoopback: false });
    observability.listeningRollup(120);
    observability.listeningRollup(30);
    const text = await metrics.registry.metrics();
    expect(text).toContain("console_listening_rollup_cpu_seconds_total 0.15");
    expect(text).toContain("console_listening_round_cpu_seconds_total 0\n");
  });
});

describe("an unexpected error in a page's loader", () => {
  const logged: unknown[] = [];
  const observability = {
    ...appObservability(
      { error: () => {}, info: () => {}, warn: () => {} } as never,
      createMetrics({ processMetrics: false }),
    ),
    requestId: () => "ref-123",
    error: (error: unknown) => void logged.push(error),
  };
  const failing = new Error("a bug");
  const build = {
    routes: {
      "routes/page": {
        id: "routes/page",
        module: { default: () => null, loader: () => Promise.reject(failing) },
      },
      "routes/file": { id: "routes/file", module: { loader: () => Promise.reject(failing) } },
      "routes/gone": {
        id: "routes/gone",
        module: { default: () => null, loader: () => Promise.reject(new Response(null, { status: 404 })) },
      },
    },
  } as unknown as ServerBuild;
  const wrapped = withErrorReferences(build, observability);
  const load = (id: string) =>
    (wrapped.routes[id]!.module.loader as (args: { request: Request }) => Promise<unknown>)({
      request: new Request("http://console.test/page"),
    }).catch((thrown: unknown) => thrown);

  it("becomes the unexpected error page with the reference, and is logged with its stack", async () => {
    const thrown = (await load("routes/page")) as { data: unknown; init: { status: number } };
    expect(thrown.data).toEqual({ errorPage: "unexpected", reference: "ref-123" });
    expect(thrown.init.status).toBe(500);
    expect(logged).toEqual([failing]);
  });

  it("leaves thrown answers and resource routes as they were", async () => {
    expect(await load("routes/gone")).toBeInstanceOf(Response);
    expect(await load("routes/file")).toBe(failing);
  });
});
