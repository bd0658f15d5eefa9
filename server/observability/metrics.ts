// The console's metrics in Prometheus' format (prom-client), on a registry of our own: request
// durations by route and status, Manager calls by path template and outcome, the hub bridge's
// connections and relayed messages by hub, revalidations triggered, sign-ins and their
// failures, the session store's latency, the event loop's delay and Node's process metrics. Served at GET /metrics only
// with METRICS_TOKEN (metricsEndpoint below).
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { monitorEventLoopDelay } from "./event-loop-delay";
import type { SpoolState } from "../../app/records/durable-writes";

/** Seconds: from a cached page part (a few ms) to a Manager call at its timeout (10 s). */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The session store is a local SQLite file: sub-millisecond when healthy. */
const storeBuckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

export function createMetrics(options: { processMetrics: boolean }) {
  const registry = new Registry();
  if (options.processMetrics) {
    collectDefaultMetrics({ register: registry });
    monitorEventLoopDelay(registry);
  }
  const registers = [registry];
  // The records spool's gauges are read from it at each scrape (the oldest record ages by itself).
  let spoolState: () => SpoolState = () => ({ length: 0, oldestAt: null, bytes: 0 });
  return {
    registry,
    /** Where the spool gauges read from: the process's records spool, once it is open. */
    watchSpool(state: () => SpoolState) {
      spoolState = state;
    },
    httpRequestDuration: new Histogram({
      name: "console_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route id (Remix route, or static, metrics, healthz, hub negotiate) and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: durationBuckets,
      registers,
    }),
    managerCallDuration: new Histogram({
      name: "console_manager_call_duration_seconds",
      help: "Time of a Manager call, by path template and outcome (status class, or timeout, refused, notJson, contract).",
      labelNames: ["method", "path", "outcome"] as const,
      buckets: durationBuckets,
      registers,
    }),
    hubConnections: new Gauge({
      name: "console_hub_bridge_connections",
      help: "Live-update sockets the hub bridge holds open now, by hub.",
      labelNames: ["hub"] as const,
      registers,
    }),
    hubConnectionsOpened: new Counter({
      name: "console_hub_bridge_connections_opened_total",
      help: "Live-update sockets the hub bridge opened, by hub.",
      labelNames: ["hub"] as const,
      registers,
    }),
    hubMessagesRelayed: new Counter({
      name: "console_hub_bridge_relayed_messages_total",
      help: "SignalR messages the hub bridge relayed, by hub and direction (toBrowser, toManager).",
      labelNames: ["hub", "direction"] as const,
      registers,
    }),
    revalidationsTriggered: new Counter({
      name: "console_revalidations_triggered_total",
      help: "Change messages relayed to browsers, by hub: each makes the open page reload its data (coalesced in the browser to at most about three per second).",
      labelNames: ["hub"] as const,
      registers,
    }),
    signIns: new Counter({
      name: "console_sign_ins_total",
      help: "Completed sign-ins.",
      registers,
    }),
    signInFailures: new Counter({
      name: "console_sign_in_failures_total",
      help: "Sign-ins that failed, by reason (callback, providerError, providerUnreachable, redirectMismatch, rateLimited).",
      labelNames: ["reason"] as const,
      registers,
    }),
    auditRecordsFailed: new Counter({
      name: "console_audit_records_failed_total",
      help: "Audit records that neither the database nor the spool could take (each is logged in full instead).",
      registers,
    }),
    recordsSpoolLength: new Gauge({
      name: "console_records_spool_length",
      help: "Durable records (audit records) waiting in this process's spool for the database to answer.",
      registers,
      collect() {
        this.set(spoolState().length);
      },
    }),
    recordsSpoolOldestAge: new Gauge({
      name: "console_records_spool_oldest_age_seconds",
      help: "Age of the oldest record waiting in the spool, in seconds (0 when none waits).",
      registers,
      // Of several workers, the oldest one's.
      aggregator: "max",
      collect() {
        const { oldestAt } = spoolState();
        this.set(oldestAt === null ? 0 : Math.max(0, (Date.now() - Date.parse(oldestAt)) / 1000));
      },
    }),
    recordsSpoolBytes: new Gauge({
      name: "console_records_spool_bytes",
      help: "Bytes of this process's spool files (bounded by RECORDS_SPOOL_MAX_MB).",
      registers,
      collect() {
        this.set(spoolState().bytes);
      },
    }),
    recordsSpooled: new Counter({
      name: "console_records_spooled_total",
      help: "Durable records that went to the spool because the database did not take them in time (or earlier ones still waited), by kind.",
      labelNames: ["kind"] as const,
      registers,
    }),
    recordsReplayed: new Counter({
      name: "console_records_replayed_total",
      help: "Spooled records written to the database once it answered, by kind.",
      labelNames: ["kind"] as const,
      registers,
    }),
    recordsSpoolDropped: new Counter({
      name: "console_records_spool_dropped_total",
      help: "Spooled records given up, by reason: bound (RECORDS_SPOOL_MAX_MB reached, the oldest dropped), unreadable (a line cut off by a crash), refused (the database refused the record three times). Each is logged at error level.",
      labelNames: ["reason"] as const,
      registers,
    }),
    listeningRounds: new Counter({
      name: "console_listening_rounds_total",
      help: "Readings of every station's listener counts by the listening sampler, by outcome (stored, gap, notStored).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    listeningRoundDuration: new Histogram({
      name: "console_listening_round_duration_seconds",
      help: "Time of one reading of every station's listener counts, from the first Manager call to the stored samples.",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    listeningRoundCpu: new Counter({
      name: "console_listening_round_cpu_seconds_total",
      help: "CPU time (user + system) of the sampling process during its readings of the listener counts; divided by the wall time, the sampler's share of a core.",
      registers,
    }),
    listeningRollupCpu: new Counter({
      name: "console_listening_rollup_cpu_seconds_total",
      help: "CPU time (user + system) of the sampling process while it rolls the listener history up and removes what is past keeping; with the readings' CPU, the sampler's share of a core.",
      registers,
    }),
    listeningRoundCallsInFlight: new Gauge({
      name: "console_listening_round_manager_calls_in_flight",
      help: "The most Manager calls the last reading of the listener counts had in flight at once (bounded by 8, as bulk actions).",
      registers,
    }),
    venueCopies: new Gauge({
      name: "console_venue_copies",
      help: "The console's copies of a Manager collection kept from its hubs, by copy, scope (full: lent by an Admin or Owner, serving all; reduced: lent by a Moderator, serving Moderators) and state (connecting, catchingUp, live; decision 072).",
      labelNames: ["copy", "scope", "state"] as const,
      registers,
    }),
    venueCopyFullReads: new Counter({
      name: "console_venue_copy_full_reads_total",
      help: "Full reads of a copy from the Manager, by copy and reason (start, reconnect, unappliedPush).",
      labelNames: ["copy", "reason"] as const,
      registers,
    }),
    venueCopyServed: new Counter({
      name: "console_venue_copy_served_total",
      help: "Pages' data taken from a copy (by its scope), or from the Manager (scope none) because no copy could serve it or the session had just written, by copy.",
      labelNames: ["copy", "from", "scope"] as const,
      registers,
    }),
    sessionStoreDuration: new Histogram({
      name: "console_session_store_duration_seconds",
      help: "Time of a session store operation, by operation.",
      labelNames: ["operation"] as const,
      buckets: storeBuckets,
      registers,
    }),
  };
}

export type ConsoleMetrics = ReturnType<typeof createMetrics>;

/** What /metrics serves: this process's registry, or all workers' (server/workers/cluster-metrics.ts). */
export type MetricsSource = Pick<Registry, "metrics" | "contentType">;

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares in constant time: equal-length digests, whatever the lengths of the inputs. */
export function isMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics for whoever presents `Authorization: Bearer <METRICS_TOKEN>`; 401 for anyone else. */
export function metricsEndpoint(registry: MetricsSource, token: string): RequestHandler {
  return (request, response, next) => {
    if (!isMetricsToken(request.get("authorization"), token)) {
      response.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void response.status(401).type("text/plain").send("Unauthorized");
    }
    registry.metrics().then((text) => {
      response.setHeader("Cache-Control", "no-store");
      response.type(registry.contentType).send(text);
    }, next);
  };
}
