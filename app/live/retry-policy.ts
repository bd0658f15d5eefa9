// When the live connection retries. Spec: after 1, 1000 and 5000 ms, then the page says live
// updates are interrupted (and tries again quietly every 10 s). A console instance that stops
// for a rolling restart closes its sockets with 1012 "service restart" (server/hub-bridge.ts):
// then the first retry is at once — the load balancer sends it to an instance that runs — and
// the retries go on for half a minute, so a restart of the only instance is not reported as an
// outage either; the header's reconnecting spinner shows meanwhile.
import type { IRetryPolicy, RetryContext } from "@microsoft/signalr";

export const retryDelaysMs = [1, 1000, 5000];
export const restartRetryDelaysMs = [0, 250, 500, 1000, 2000, 3000, 5000, 5000, 5000, 10_000];

/** The WebSocket close code (RFC 6455, IANA registry) and reason the console sends when it restarts. */
export const serviceRestart = { code: 1012, reason: "Service restart" } as const;

/** SignalR reports a socket closed by the server only as this error's message. */
export function isServiceRestart(reason: Error | undefined): boolean {
  return new RegExp(`status code: ${serviceRestart.code}\\b`).test(reason?.message ?? "");
}

/** One per connection: it remembers whether the current round of retries began with a restart. */
export function liveRetryPolicy(): IRetryPolicy {
  let restart = false;
  return {
    nextRetryDelayInMilliseconds({ previousRetryCount, retryReason }: RetryContext) {
      if (previousRetryCount === 0) restart = isServiceRestart(retryReason);
      return (restart ? restartRetryDelaysMs : retryDelaysMs)[previousRetryCount] ?? null;
    },
  };
}
