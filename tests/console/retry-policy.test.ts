import { describe, expect, it } from "vitest";
import { liveRetryPolicy, restartRetryDelaysMs, retryDelaysMs, serviceRestart } from "~/live/retry-policy";

/** The delays a policy gives for one round of retries that all fail, starting from `reason`. */
function delaysAfter(reason: Error) {
  const policy = liveRetryPolicy();
  const delays: number[] = [];
  for (let previousRetryCount = 0; ; previousRetryCount += 1) {
    // SignalR passes the first retry the error that closed the socket, later ones their own failure.
    const retryReason = previousRetryCount === 0 ? reason : new Error("Failed to complete negotiation: 503");
    const delay = policy.nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds: 0, retryReason });
    if (delay === null) return delays;
    delays.push(delay);
  }
}

// The message is SignalR's (WebSocketTransport) for a socket the server closed.
const closedWith = (code: number, reason: string) =>
  new Error(`WebSocket closed with status code: ${code} (${reason}).`);

describe("when the live connection retries", () => {
  it("after a lost connection: 1, 1000 and 5000 ms, as the spec says", () => {
    expect(delaysAfter(closedWith(1006, "no reason given"))).toEqual(retryDelaysMs);
    expect(retryDelaysMs).toEqual([1, 1000, 5000]);
  });

  it("after a console restart (1012): at once, and for long enough that a restart is no outage", () => {
    const delays = delaysAfter(closedWith(serviceRestart.code, serviceRestart.reason));
    expect(delays).toEqual(restartRetryDelaysMs);
    expect(delays[0]).toBe(0);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(30_000);
  });

  it("judges each round by the error that began it", () => {
    const policy = liveRetryPolicy();
    const first = (retryReason: Error) =>
      policy.nextRetryDelayInMilliseconds({ previousRetryCount: 0, elapsedMilliseconds: 0, retryReason });
    expect(first(closedWith(serviceRestart.code, serviceRestart.reason))).toBe(0);
    expect(first(closedWith(1011, "no reason given"))).toBe(1);
  });
});
