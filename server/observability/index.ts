// Logs and metrics, assembled for server.ts: the logger, the metrics, the request context and
// the hooks the Remix build (app/observability.server.ts) and the hub bridge report through.
import type { ConsoleObservability } from "../../app/observability.server";
import type { HubName } from "../../app/contract/hubs";
import type { Logger } from "pino";
import type { DurableRecord, SpooledRecord } from "../../app/records/durable-writes";
import type { DurableWriterReport } from "../records/spool/durable-writer";
import type { SpoolDropReason } from "../records/spool/records-spool";
import type { ConsoleMetrics } from "./metrics";
import { currentRequest } from "./request-context";

function loggerNow(root: Logger) {
  return currentRequest()?.logger ?? root;
}

/** What the app reports, into the current request's log and the metrics. */
export function appObservability(logger: Logger, metrics: ConsoleMetrics): ConsoleObservability {
  return {
    requestId: () => currentRequest()?.requestId,
    identify(user) {
      const context = currentRequest();
      if (context) context.user = user;
    },
    managerCall(call) {
      const context = currentRequest();
      if (context) {
        context.managerMs += call.durationMs;
        context.managerCalls += 1;
      }
      metrics.managerCallDuration.observe(
        { method: call.method, path: call.path, outcome: call.outcome },
        call.durationMs / 1000,
      );
      loggerNow(logger).info(
        {
          managerCall: {
            method: call.method,
            path: call.path,
            status: call.status,
            outcome: call.outcome,
            durationMs: Math.round(call.durationMs * 10) / 10,
          },
        },
        "manager call",
      );
    },
    signIn() {
      metrics.signIns.inc();
      loggerNow(logger).info("sign-in completed");
    },
    signInFailure(reason, detail) {
      metrics.signInFailures.inc({ reason });
      loggerNow(logger).warn({ reason, detail }, "sign-in failed");
    },
    sessionStore(operation, durationMs) {
      metrics.sessionStoreDuration.observe({ operation }, durationMs / 1000);
    },
    error(error, message) {
      loggerNow(logger).error({ err: error }, message);
    },
    warn(message, fields) {
      loggerNow(logger).warn(fields ?? {}, message);
    },
    venueCopy(event) {
      switch (event.kind) {
        case "state":
          if (event.previous && event.previous !== "ended")
            metrics.venueCopies.dec({ copy: event.copy, scope: event.scope, state: event.previous });
          if (event.state !== "ended")
            metrics.venueCopies.inc({ copy: event.copy, scope: event.scope, state: event.state });
          return;
        case "fullRead":
          metrics.venueCopyFullReads.inc({ copy: event.copy, reason: event.reason });
          return;
        case "served":
          metrics.venueCopyServed.inc({ copy: event.copy, from: event.from, scope: event.scope });
          return;
        case "ended":
          // Ending unused, or with its lender's session, is ordinary; anything else is worth a look.
          (event.error ? logger.warn.bind(logger) : logger.info.bind(logger))(
            { copy: event.copy, reason: event.reason, error: event.error },
            "A copy of the Manager's data kept from its hubs ended",
          );
      }
    },
    listeningRound(round) {
      metrics.listeningRounds.inc({ outcome: round.outcome });
      metrics.listeningRoundDuration.observe(round.durationMs / 1000);
      metrics.listeningRoundCpu.inc(round.cpuMs / 1000);
      metrics.listeningRoundCallsInFlight.set(round.mostCallsInFlight);
      logger.debug({ listeningRound: round }, "listening round");
    },
    listeningRollup(cpuMs) {
      metrics.listeningRollupCpu.inc(cpuMs / 1000);
    },
  };
}

export interface HubBridgeObserver {
  opened(hub: HubName): void;
  closed(hub: HubName): void;
  /** SignalR messages relayed; `type` is the message type when the record parsed. */
  relayed(hub: HubName, direction: "toBrowser" | "toManager", type: number | undefined): void;
}

const invocation = 1;

export function hubBridgeObserver(logger: Logger, metrics: ConsoleMetrics): HubBridgeObserver {
  return {
    opened(hub) {
      metrics.hubConnections.inc({ hub });
      metrics.hubConnectionsOpened.inc({ hub });
      logger.debug({ hub }, "hub socket opened");
    },
    closed(hub) {
      metrics.hubConnections.dec({ hub });
      logger.debug({ hub }, "hub socket closed");
    },
    relayed(hub, direction, type) {
      metrics.hubMessagesRelayed.inc({ hub, direction });
      // Each change message makes the page in the browser revalidate (app/live/LiveUpdates.tsx).
      if (direction === "toBrowser" && type === invocation) metrics.revalidationsTriggered.inc({ hub });
    },
  };
}

const dropMessages: Record<SpoolDropReason, string> = {
  bound: "The records spool reached RECORDS_SPOOL_MAX_MB: its oldest records were dropped",
  unreadable: "Lines of a spool file that are no record were dropped (a write cut off by a crash)",
  refused: "The database refused a spooled record three times: it is dropped, and logged here in full",
};

/** What the durable writes and their spool report: the log lines and the metrics (decision 066). */
export function durableWritesObserver(
  logger: Logger,
  metrics: ConsoleMetrics,
): DurableWriterReport & { dropped(count: number, reason: SpoolDropReason, detail: Record<string, unknown>): void } {
  return {
    spooled(record: SpooledRecord, outageBegins, error) {
      metrics.recordsSpooled.inc({ kind: record.kind });
      const fields = { kind: record.kind, key: record.key };
      if (outageBegins)
        loggerNow(logger).warn(
          { err: error, ...fields },
          "The durable store did not take a record: records wait in the spool until it answers",
        );
      else loggerNow(logger).debug(fields, "record spooled");
    },
    replayed(record) {
      metrics.recordsReplayed.inc({ kind: record.kind });
    },
    drained(count) {
      logger.info({ count }, "The durable store answers again: the spool's records are written");
    },
    adopted(count) {
      logger.info({ count }, "Took over the records spool of a console process that ended");
    },
    lost(record: DurableRecord, error) {
      if (record.kind === "audit") metrics.auditRecordsFailed.inc();
      loggerNow(logger).error({ err: error, auditRecord: record.record }, "audit record not stored");
    },
    failed(error, message) {
      logger.error({ err: error }, message);
    },
    dropped(count, reason, detail) {
      metrics.recordsSpoolDropped.inc({ reason }, count);
      logger.error({ dropped: count, reason, ...detail }, dropMessages[reason]);
    },
  };
}
