// The dispatcher drains the outbox as fast as receivers answer (a finished send reads what is due
// again at once), and one destination that never answers holds at most half the slots.
import { describe, expect, it } from "vitest";
import type { AlertStore, DeliveryAttempt, DueDelivery } from "~/records/alerts";
import { createDispatcher } from "./dispatcher.server";
import type { AlertEngineSettings } from "./engine.server";
import type { AttemptResult } from "./webhook.server";

const settings: AlertEngineSettings = {
  allowPrivateWebhooks: true,
  retryBaseMs: 60_000,
  retentionDays: 400,
  smtpUrl: null,
  emailFrom: "Station Console <console@venue.example>",
  emailGroupMs: 60_000,
};

function delivery(id: number, destinationId: string): DueDelivery {
  return {
    id: String(id),
    destinationId,
    destinationName: `Hook ${destinationId}`,
    destinationKind: "webhook",
    alertId: String(id),
    transition: "opened",
    idempotencyKey: `${id}:opened`,
    createdAt: 0,
    state: "pending",
    attempts: 0,
    nextAttemptAt: 0,
    url: `https://hooks.example/${destinationId}`,
    secret: "secret-0123456789abcdef",
    email: null,
    language: null,
    body: "{}",
  };
}

/** An outbox in memory: the pending deliveries are due, an attempt settles them. */
function outbox(deliveries: DueDelivery[]) {
  const pending = new Map(deliveries.map((entry) => [entry.id, entry]));
  const attempts: DeliveryAttempt[] = [];
  const store = {
    deliveries: {
      due: async (_now: number, take: number) => [...pending.values()].slice(0, take),
      pendingOf: async () => [],
      recordAttempt: async (attempt: DeliveryAttempt) => {
        attempts.push(attempt);
        pending.delete(attempt.deliveryId);
      },
    },
  } as unknown as AlertStore;
  return { store, pending, attempts };
}

function waitFor(check: () => boolean) {
  return new Promise<void>((resolve) => {
    const poll = () => (check() ? resolve() : setImmediate(poll));
    poll();
  });
}

describe("the alert dispatcher", () => {
  it("sends a backlog of 60 as fast as the receiver answers, from one read of what is due", async () => {
    const { store, pending, attempts } = outbox(Array.from({ length: 60 }, (_, index) => delivery(index + 1, "1")));
    let mostAtOnce = 0;
    let sending = 0;
    const dispatcher = createDispatcher({
      settings: () => settings,
      inFlight: 4,
      send: async (): Promise<AttemptResult> => {
        sending += 1;
        mostAtOnce = Math.max(mostAtOnce, sending);
        await new Promise((resolve) => setImmediate(resolve));
        sending -= 1;
        return { status: 200, error: null, durationMs: 1 };
      },
      clock: () => 0,
      failed: (error) => {
        throw error;
      },
      active: () => true,
    });
    // One call, as one tick of the evaluator makes it: no second tick comes in this test.
    await dispatcher.deliverDue(store, 0);
    await waitFor(() => pending.size === 0);
    expect(attempts.map((attempt) => attempt.deliveryId).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 60 }, (_, index) => String(index + 1)),
    );
    // One destination: half of the four slots.
    expect(mostAtOnce).toBe(2);
    await dispatcher.stop();
  });

  it("keeps half the slots for the others while one destination's receiver never answers", async () => {
    const { store, pending } = outbox([
      ...Array.from({ length: 10 }, (_, index) => delivery(index + 1, "dead")),
      ...Array.from({ length: 10 }, (_, index) => delivery(index + 11, "alive")),
    ]);
    const dispatcher = createDispatcher({
      settings: () => settings,
      inFlight: 4,
      send: (due, { signal }) =>
        due.destinationId === "dead"
          ? new Promise<AttemptResult>((resolve) =>
              signal!.addEventListener("abort", () => resolve({ status: null, error: "stopped", durationMs: 0 })),
            )
          : Promise.resolve({ status: 200, error: null, durationMs: 1 }),
      clock: () => 0,
      failed: (error) => {
        throw error;
      },
      active: () => true,
    });
    await dispatcher.deliverDue(store, 0);
    await waitFor(() => [...pending.values()].every((entry) => entry.destinationId === "dead"));
    expect([...pending.values()]).toHaveLength(10);
    await dispatcher.stop();
  });
});
