// The console's HTTP server: express with compression, static assets, security headers, the
// live-update bridge and the Remix request handler — and, when no Manager is configured, the
// built-in simulator and its development identity provider. It serves alone, or as one of the
// WEB_CONCURRENCY workers of server/main.ts.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { statSync } from "node:fs";
import { constants as zlib } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { ConfigError, parseConfig, type ConsoleConfig } from "./app/config.server";
import type { HubName } from "./app/contract/hubs";
import type { ConsoleObservability } from "./app/observability.server";
import type { ConsoleRuntime } from "./app/runtime.server";
import type { RefusedRequest } from "./app/audit/refused-requests.server";
import { boundedBodies } from "./server/body-limits";
import { trackRequests } from "./server/graceful-shutdown";
import { createHubBridge, type HubAccess } from "./server/hub-bridge";
import { noStoreByDefault } from "./server/no-store";
import { appObservability, durableWritesObserver, hubBridgeObserver } from "./server/observability";
import { withErrorReferences } from "./server/observability/error-references";
import { createLogger, type Logger } from "./server/observability/logger";
import { createMetrics, metricsEndpoint } from "./server/observability/metrics";
import { answeredAs, currentRequest, requestContext } from "./server/observability/request-context";
import {
  createRouteMatcher,
  createRouteParamsMatcher,
  type RouteMatcher,
  type RouteParamsMatcher,
} from "./server/observability/route-ids";
import { configuredHostOnly } from "./server/configured-host";
import { createOriginResolver, type TrustProxy } from "./server/origin";
import { signInRateLimit } from "./server/rate-limit";
import { createReadiness, managerAnswers } from "./server/readiness";
import { refusalRecorder } from "./server/refusal-records";
import { remixRequestHandler } from "./server/remix-handler";
import { sameOriginWrites, securityHeaders } from "./server/security";
import { sessionSecretsFor } from "./server/session-secrets";
import { staticAssets } from "./server/static-files";
import { openDurableStore } from "./server/records/open-records";
import { scheduleRetention } from "./server/records/retention";
import { createDurableWriter } from "./server/records/spool/durable-writer";
import { spooledKinds } from "./server/records/spool/kinds";
import { openRecordsSpool } from "./server/records/spool/records-spool";
import { spoolDirectory } from "./server/records/spool/spool-files";
import { openSharedStore } from "./server/store/open-store";
import { clusterMetricsSource } from "./server/workers/cluster-metrics";
import { announceReady } from "./server/workers/ready";

interface ConsoleBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      setRuntime(runtime: ConsoleRuntime): void;
      setObservability(observability: ConsoleObservability): void;
      authorizeHubRequest(request: Request, hub: HubName): Promise<HubAccess>;
      checkSessionStore(): Promise<void>;
      startRolloutDriver(): { stop(): Promise<void> };
      endVenueCopies(): void;
      startListeningSampler(): { stop(): Promise<void> };
      recordRefusedRequest(request: Request, refused: RefusedRequest): Promise<void>;
    };
  };
}

const buildPath = join(process.cwd(), "build", "index.js");

/** Before the configuration is read (and when it cannot be): JSON lines at the default level. */
const startupLogger = createLogger({ level: "info", pretty: process.env.NODE_ENV === "development" });

async function loadConfig(): Promise<ConsoleConfig> {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      (await startupLogger).fatal({ problems: error.problems }, error.message);
      process.exit(1);
    }
    throw error;
  }
}

function formActionOrigins(config: ConsoleConfig): string[] {
  const identity = config.identity;
  switch (identity.kind) {
    case "development":
      return [];
    case "oidc":
      return [new URL(identity.issuer).origin];
    case "azure-b2c":
      return [new URL(identity.metadataUrl).origin];
    case "entra-id":
      return ["https://login.microsoftonline.com"];
  }
}

async function main() {
  const config = await loadConfig();
  const sessionSecrets = sessionSecretsFor(config.sessionSecrets, config.dataDirectory);
  // Sessions, the refresh lock, sign-in counters and submission ids: Redis or the SQLite file.
  const store = openSharedStore(config, sessionSecrets);
  const isDevelopment = process.env.NODE_ENV === "development";
  const logger = await createLogger({ level: config.logLevel, pretty: isDevelopment });
  const metrics = createMetrics({ processMetrics: Boolean(config.metricsToken) });
  // The audit log and rollout history: SQLite, or PostgreSQL with DATABASE_URL (decision 055). A
  // database that is away does not stop the console: each call tries it again.
  const records = await openDurableStore(config, {
    connectTimeoutMs: 2000,
    onConnectionError: (error) => logger.warn({ err: error }, "The durable store's database cannot be reached"),
  });
  const retention = scheduleRetention(records, config.auditRetentionDays, logger);
  // What the database cannot take waits in this process's spool and is written once it answers;
  // the replay also takes over the spools of processes that ended (decision 066).
  const durableWritesReport = durableWritesObserver(logger, metrics);
  const durableWrites = createDurableWriter({
    records,
    spool: openRecordsSpool({
      directory: spoolDirectory(config.dataDirectory),
      kinds: spooledKinds,
      maxBytes: config.recordsSpoolMaxBytes,
      onDropped: durableWritesReport.dropped,
    }),
    report: durableWritesReport,
  });
  metrics.watchSpool(() => durableWrites.state());
  durableWrites.start();
  const observability = appObservability(logger, metrics);
  let routeOf: RouteMatcher = () => "(starting)";
  let routeParamsOf: RouteParamsMatcher | null = null;
  let runtime: ConsoleRuntime | null = null;
  let build: ConsoleBuild | null = null;
  let remixHandler: express.RequestHandler | null = null;
  let buildModified = 0;

  async function currentBuild(): Promise<ConsoleBuild> {
    // In development the build is re-imported whenever `remix watch` rewrites it.
    const modified = isDevelopment ? statSync(buildPath).mtimeMs : buildModified;
    if (!build || modified !== buildModified) {
      build = (await import(`${pathToFileURL(buildPath).href}?t=${modified}`)) as ConsoleBuild;
      buildModified = modified;
      routeOf = createRouteMatcher(build.routes);
      routeParamsOf = createRouteParamsMatcher(build.routes);
      build.entry.module.setObservability(observability);
      remixHandler = remixRequestHandler({
        build: withErrorReferences(build, observability),
        mode: isDevelopment ? "development" : "production",
        origins,
        getLoadContext: (_request, expressResponse) => ({ cspNonce: expressResponse.locals.cspNonce as string }),
      });
      if (runtime) build.entry.module.setRuntime(runtime);
    }
    return build;
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const trust = app.get("trust proxy fn") as TrustProxy;
  const origins = createOriginResolver({ publicUrl: config.publicUrl, trust });
  app.use(requestContext({ logger, metrics, trust, routeOf: (pathname) => routeOf(pathname) }));
  app.use(securityHeaders({ formActionOrigins: formActionOrigins(config), isDevelopment }));
  app.use(
    compression({
      // Brotli at its default quality 11 costs ~5× the CPU of gzip for dynamic pages.
      brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    }),
  );
  // Without METRICS_TOKEN there is no such path: /metrics is the not-found page like any other.
  // A worker answers with the sum of all workers (server/workers/cluster-metrics.ts).
  if (config.metricsToken) {
    const source = cluster.isWorker ? clusterMetricsSource(metrics.registry) : metrics.registry;
    app.get("/metrics", answeredAs("metrics", metricsEndpoint(source, config.metricsToken)));
  }
  app.use(answeredAs("static", staticAssets(join(process.cwd(), "public")), { quiet: true }));
  app.get(
    "/healthz",
    answeredAs(
      "healthz",
      (_request, response) => {
        response
          .status(runtime ? 200 : 503)
          .type("text/plain")
          .send(runtime ? "ok" : "starting");
      },
      { quiet: true },
    ),
  );
  // Readiness, unlike liveness, depends on the session store and the Manager (server/readiness.ts).
  let stopping = false;
  // Said in /readyz's body: whether the durable store answers (a ping bounded to a second,
  // reused for as long as the readiness answer is) and what waits in the spool for it.
  let durableStoreAnswer: { at: number; state: Promise<{ kind: string; answers: boolean }> } | null = null;
  const durableStoreState = () => {
    if (!durableStoreAnswer || Date.now() - durableStoreAnswer.at >= 1500) {
      const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, 1000, false).unref());
      const answers = Promise.race([records.ping().catch(() => false), timeout]);
      durableStoreAnswer = { at: Date.now(), state: answers.then((ok) => ({ kind: records.kind, answers: ok })) };
    }
    return durableStoreAnswer.state;
  };
  const readiness = createReadiness({
    checks: {
      "session store": async () => (await currentBuild()).entry.module.checkSessionStore(),
      Manager: () => managerAnswers(runtime!.managerUrl, Math.min(2000, config.managerTimeoutMs)),
    },
  });
  app.get(
    "/readyz",
    answeredAs(
      "readyz",
      async (_request, response) => {
        const state = stopping
          ? { ready: false, reason: "stopping" }
          : runtime
            ? await readiness.check()
            : { ready: false, reason: "starting" };
        // The durable store's state is reported, never a reason to stop serving (issue 28).
        const { length, oldestAt } = durableWrites.state();
        const spool = {
          length,
          oldestAgeSeconds:
            oldestAt === null ? null : Math.max(0, Math.round((Date.now() - Date.parse(oldestAt)) / 1000)),
        };
        response
          .status(state.ready ? 200 : 503)
          .json({ ...state, durableStore: { ...(await durableStoreState()), spool } });
      },
      { quiet: true },
    ),
  );
  app.use(configuredHostOnly(config.publicUrl, origins));
  app.use((_request, response, next) => {
    if (runtime) return next();
    response.status(503).setHeader("Retry-After", "2").type("text/plain").send("The console is starting");
  });

  // Counts only sign-in attempts (server/rate-limit.ts), wherever they arrive.
  app.use(
    signInRateLimit({
      limitPerMinute: config.signInRateLimitPerMinute,
      counters: store.counters,
      onRefused: () => metrics.signInFailures.inc({ reason: "rateLimited" }),
    }),
  );

  // The identity provider is mounted here once the simulator runs (it needs the bound port).
  let identityHandler: express.RequestHandler | null = null;
  const identityProvider: express.RequestHandler = (request, response, next) => {
    if (!identityHandler) return next();
    // The provider builds its redirects from X-Forwarded-Proto/-Host (it trusts them, mounted
    // here): they name the origin the console resolved, never what a client sent.
    const origin = origins.requestOrigin(request);
    if (!origin) return response.status(400).type("text/plain").send("Bad Request");
    const { protocol, host } = new URL(origin);
    request.headers["x-forwarded-proto"] = protocol.slice(0, -1);
    request.headers["x-forwarded-host"] = host;
    request.headers["x-forwarded-for"] = request.ip;
    identityHandler(request, response, next);
  };
  app.use("/oidc", answeredAs("identityProvider", identityProvider));

  // What the security layer refuses with a session is recorded with its user (issue 33).
  const recordRefusal = refusalRecorder({
    origins,
    routes: () =>
      build && routeParamsOf
        ? { match: routeParamsOf, hasAction: (id) => typeof build?.routes[id]?.module.action === "function" }
        : null,
    record: async (request, refused) => (await currentBuild()).entry.module.recordRefusedRequest(request, refused),
    onError: (error) => (currentRequest()?.logger ?? logger).warn({ err: error }, "A refused request was not recorded"),
  });
  app.use(sameOriginWrites(origins.expectedOrigin, recordRefusal));

  const bridge = createHubBridge({
    requestOrigin: origins.requestOrigin,
    authorize: async (request, hub) => (await currentBuild()).entry.module.authorizeHubRequest(request, hub),
    observer: hubBridgeObserver(logger, metrics),
  });
  app.use(answeredAs("hubs/negotiate", bridge.router));
  // Bounded by where they go and whether a session cookie came along (server/body-limits.ts).
  app.use(boundedBodies(undefined, recordRefusal));

  // Issue 11: nothing rendered for a session is kept in a browser's or proxy's cache.
  app.use(noStoreByDefault());

  // app.use, not app.all("*"): a route pattern decodes the path, and answers /%ff with express's bare
  // error page (and a logged stack) instead of the console's not-found page.
  app.use(async (request, response, next) => {
    try {
      await currentBuild();
      return remixHandler!(request, response, next);
    } catch (error) {
      next(error);
    }
  });

  // Whatever failed outside Remix: logged with its stack, answered with the reference to quote.
  app.use((error: unknown, _request: express.Request, response: express.Response, next: express.NextFunction) => {
    (currentRequest()?.logger ?? logger).error({ err: error }, "Unexpected error while serving a request");
    if (response.headersSent) return next(error);
    const reference = currentRequest()?.requestId ?? "";
    response.status(500).type("text/plain").send(`Internal Server Error. Reference: ${reference}`);
  });

  const server = createServer(app);
  const requests = trackRequests(server);
  server.on("upgrade", (request, socket, head) => {
    if (!bridge.handleUpgrade(request, socket, head)) socket.destroy();
  });

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const loopbackHost = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : config.host;
  const internalOrigin = `http://${loopbackHost.includes(":") ? `[${loopbackHost}]` : loopbackHost}:${port}`;

  let closeSimulator: (() => Promise<void>) | null = null;
  let demoHistory: Promise<unknown> = Promise.resolve();
  let managerUrl: string;
  let embeddedIdentity: ConsoleRuntime["embeddedIdentity"] = null;
  if (!config.managerUrl) {
    const { startEmbeddedSimulator, identityMountPath } = await import("./server/embedded-simulator");
    const simulator = await startEmbeddedSimulator(config, internalOrigin);
    identityHandler = simulator.identity.handler as unknown as express.RequestHandler;
    managerUrl = simulator.managerUrl;
    embeddedIdentity = { internalIssuer: simulator.identity.issuer, browserPath: identityMountPath };
    closeSimulator = () => simulator.close();
    // The demo's first start gets a past (decision 070): never with a real Manager, and not for
    // the tests, whose simulator has no life of its own.
    if (config.simulator.autonomous) {
      const { seedDemoListeningHistory } = await import("./server/listening-history-seed");
      demoHistory = seedDemoListeningHistory(records.listening, simulator.venue(), Date.now()).catch((error: unknown) =>
        logger.error({ err: error }, "The demo's listening history could not be seeded"),
      );
    }
    if (config.webConcurrency > 1)
      logger.info(
        { webConcurrency: config.webConcurrency },
        "One process: the built-in simulator keeps its fleet in this process (WEB_CONCURRENCY applies with MANAGER_URL)",
      );
    printDemoBanner(logger, config, port, simulator.managerUrl, simulator.controlsUrl);
  } else {
    managerUrl = config.managerUrl;
    logger.info(
      { url: config.publicUrl ?? `http://localhost:${port}`, managerUrl },
      `Station Console on ${config.publicUrl ?? `http://localhost:${port}`} (Manager ${managerUrl})`,
    );
  }

  const resolved: ConsoleRuntime = {
    config,
    managerUrl,
    sessionSecrets,
    store,
    records,
    durableWrites,
    embeddedIdentity,
    // Issue 11: a signed-out session's live-update sockets close at once.
    onSessionEnded: (sessionId) => bridge.closeSession(sessionId),
  };
  (await currentBuild()).entry.module.setRuntime(resolved);
  runtime = resolved;
  // Every process drives rollouts; a lease per rollout makes exactly one drive each (decision 062).
  const rolloutDriver = (await currentBuild()).entry.module.startRolloutDriver();
  // Every process runs the listening sampler; a lease makes exactly one sample (decision 070). In
  // the demo it starts once the made-up past is stored (pages are served meanwhile).
  await demoHistory;
  const listeningSampler = (await currentBuild()).entry.module.startListeningSampler();
  announceReady();

  // A rolling restart loses nothing: not ready at once, serving on for the delay, then no new
  // connections, requests in flight finished (bounded), live sockets told to reconnect at once.
  // Ctrl-C under `npm start` arrives twice (directly and through scripts/start.mjs): only a
  // signal more than a second after the first one means "now".
  let firstSignalAt = 0;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      if (Date.now() - firstSignalAt < 1000) return;
      logger.warn({ signal }, "Signal again: stopping without waiting for requests in flight");
      process.exit(1);
    }
    stopping = true;
    firstSignalAt = Date.now();
    logger.info({ signal }, "Stopping: not ready, finishing requests in flight");
    requests.closeConnectionsAfterResponses();
    const { delayMs, timeoutMs } = config.shutdown;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const drained = requests.drain(timeoutMs);
    bridge.close();
    // The console's own hub connections (its copies of the Manager's data, decision 072).
    (await currentBuild()).entry.module.endVenueCopies();
    if (!(await drained)) logger.warn({ timeoutMs }, "Requests still running at the shutdown timeout were cut off");
    // Its leases freed at once: another process takes its rollouts over without waiting.
    await rolloutDriver.stop();
    await listeningSampler.stop();
    await closeSimulator?.();
    retention.stop();
    // Records written meanwhile are in the database or the spool; a spool left is the next process's.
    await durableWrites.stop();
    await store.close();
    await records.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

function printDemoBanner(
  logger: Logger,
  config: ConsoleConfig,
  port: number,
  managerUrl: string,
  controlsUrl: string | null,
) {
  const url = config.publicUrl ?? `http://localhost:${port}`;
  logger.info({ url, managerUrl }, "Station Console is running with the built-in Manager simulator");
  // The demo's welcome is for a person at a terminal: plain lines, not a JSON log record.
  process.stdout.write(
    [
      "",
      `Station Console is running on ${url}`,
      `  with the built-in Manager simulator (${managerUrl}) and its development sign-in.`,
      "  Demo accounts (username / password):",
      "    admin / admin          Admin",
      "    owner / owner          Owner",
      "    moderator / moderator  Moderator",
      ...(controlsUrl ? [`  Simulator test controls: ${controlsUrl}`] : []),
      "",
      "",
    ].join("\n"),
  );
}

main().catch(async (error) => {
  (await startupLogger).fatal({ err: error }, "The console could not start");
  process.exit(1);
});
