// Sends what the alerts' outbox holds (issue 36): the deliveries due, at most a few at a time,
// each attempt recorded with what follows it (delivered, retried later, given up). Part of the
// evaluator (engine.server.ts), in the one process holding the sampler's lease; a delivery in
// flight is not waited for by the next evaluation.
//
// A webhook delivery is one request. An e-mail destination's due delivery sends one message for
// every delivery of that destination still pending (email.server.ts): the alerts of its grouping
// window, and any retried with them. One message at a time per destination, so no alert goes out
// twice in two messages; each delivery in it records the same attempt result.
//
// A finished send reads what is due again at once instead of waiting for the next tick: with a
// receiver that answers in milliseconds the outbox drains as fast as it answers, not four a second
// (bench/notes/alerts.md: 500 stations dropping within a minute waited up to a minute behind that
// cap). One destination holds at most half the slots, so a receiver that times out on every
// delivery slows the others down but does not stop them.
import { observability } from "~/observability.server";
import type { AlertStore, DeliveryState, DueDelivery } from "~/records/alerts";
import { finalEmailErrors, sendEmailGroup } from "./email.server";
import type { AlertEngineSettings } from "./engine.server";
import { delivered, nextAttemptAt, type AttemptResult, type SendOptions } from "./webhook.server";

/** Sends one e-mail message telling every delivery of `group` (one destination's). */
export type SendEmail = (
  group: DueDelivery[],
  options: { settings: AlertEngineSettings; signal: AbortSignal },
) => Promise<AttemptResult>;

export interface DispatcherOptions {
  settings: () => AlertEngineSettings;
  /** Deliveries (webhook requests or e-mail messages) in flight at once. */
  inFlight: number;
  send: (delivery: DueDelivery, options: SendOptions) => Promise<AttemptResult>;
  sendEmail?: SendEmail;
  clock: () => number;
  failed: (error: unknown, message: string) => void;
  /** Whether this process may still send (it holds the lease and was not stopped). */
  active: () => boolean;
}

export interface Dispatcher {
  deliverDue(store: AlertStore, now: number): Promise<void>;
  /** Ends what is in flight unrecorded (the next holder sends it again). */
  stop(): Promise<void>;
}

const dueTake = 20;
/** Of the slots in flight, the most one destination may hold. */
const shareOfOne = 0.5;
/** The most alerts one message tells; the rest are due as well and go in the next one. */
const emailGroupTake = 50;

type Next = { state: DeliveryState; nextAttemptAt: number | null };

/** Whether the same attempt would fail the same way on every retry. */
const isFinal = (result: AttemptResult) =>
  result.error !== null && (result.error === "refused: invalid URL" || finalEmailErrors.has(result.error));

/** What follows attempt number `attempt` of `delivery`, ended at `now`: the webhooks' backoff for both kinds. */
function nextOf(delivery: DueDelivery, attempt: number, result: AttemptResult, now: number, retryBaseMs: number): Next {
  if (delivered(result)) return { state: "delivered", nextAttemptAt: null };
  const retryAt = isFinal(result) ? null : nextAttemptAt(delivery.createdAt, attempt, now, retryBaseMs);
  return retryAt === null ? { state: "failed", nextAttemptAt: null } : { state: "pending", nextAttemptAt: retryAt };
}

function warnGivenUp(delivery: DueDelivery, attempt: number, result: AttemptResult) {
  observability().warn(`${delivery.destinationKind === "email" ? "An e-mail" : "A webhook"} delivery failed for good`, {
    deliveryId: delivery.id,
    destination: delivery.destinationName,
    attempts: attempt,
    status: result.status,
    error: result.error,
  });
}

/** An e-mail destination's message in flight is keyed by the destination: one at a time for it. */
const emailKey = (destinationId: string) => `email:${destinationId}`;

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { settings: settingsOf, send, clock, failed, active } = options;
  const sendEmail = options.sendEmail ?? sendEmailGroup;
  const mostInFlight = options.inFlight;
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /**
   * Deliveries whose attempt was recorded while the due ones were being read: that read may have
   * begun before the record and return them as they were, still pending.
   */
  let settledDuringRead = new Set<string>();
  /** Sends in flight by destination. */
  const perDestination = new Map<string, number>();
  const mostPerDestination = Math.max(1, Math.floor(mostInFlight * shareOfOne));
  /** A read of the due deliveries is running; `readAgain`: a send ended meanwhile, read once more. */
  let reading = false;
  let readAgain = false;
  let lastStore: AlertStore | null = null;

  /** Records one delivery's attempt and what follows it. */
  async function record(store: AlertStore, delivery: DueDelivery, at: number, result: AttemptResult, now: number) {
    const attempt = delivery.attempts + 1;
    const next = nextOf(delivery, attempt, result, now, settingsOf().retryBaseMs);
    if (next.state === "failed") warnGivenUp(delivery, attempt, result);
    await store.deliveries.recordAttempt({ deliveryId: delivery.id, attempt, at, ...result }, next);
  }

  /** Runs `work` in flight under `key`; `settled` names the deliveries it settled once it ends. */
  function track(
    key: string,
    destinationId: string,
    work: (signal: AbortSignal) => Promise<void>,
    message: string,
    settled: () => string[],
  ) {
    const controller = new AbortController();
    perDestination.set(destinationId, (perDestination.get(destinationId) ?? 0) + 1);
    const done = work(controller.signal)
      .catch((error: unknown) => failed(error, message))
      .finally(() => {
        inFlight.delete(key);
        const left = (perDestination.get(destinationId) ?? 1) - 1;
        if (left > 0) perDestination.set(destinationId, left);
        else perDestination.delete(destinationId);
        for (const id of settled()) settledDuringRead.add(id);
        // A slot is free: what is due goes now, not on the next tick.
        if (lastStore && !controller.signal.aborted) void deliverDue(lastStore, clock());
      });
    inFlight.set(key, { controller, done });
  }

  function deliverWebhook(store: AlertStore, delivery: DueDelivery) {
    const work = async (signal: AbortSignal) => {
      const at = clock();
      const result = await send(delivery, { allowPrivate: settingsOf().allowPrivateWebhooks, signal });
      // Ended by stop(): not an attempt the receiver answered; the next holder sends it again.
      if (result.error === "stopped") return;
      await record(store, delivery, at, result, clock());
    };
    track(delivery.id, delivery.destinationId, work, "A webhook delivery's attempt could not be recorded", () => [
      delivery.id,
    ]);
  }

  function deliverEmail(store: AlertStore, due: DueDelivery) {
    // The deliveries the message told; the due one at least, whatever the read found.
    let group: DueDelivery[] = [due];
    const work = async (signal: AbortSignal) => {
      const pending = await store.deliveries.pendingOf(due.destinationId, emailGroupTake);
      // Settled since the due ones were read (a removed destination fails its deliveries).
      if (pending.length === 0) return;
      group = pending;
      const at = clock();
      const result = await sendEmail(group, { settings: settingsOf(), signal });
      if (result.error === "stopped") return;
      // One clock for the whole group: its deliveries stay due together.
      const now = clock();
      for (const delivery of group) await record(store, delivery, at, result, now);
    };
    const settled = () => group.map((delivery) => delivery.id);
    track(
      emailKey(due.destinationId),
      due.destinationId,
      work,
      "An e-mail delivery's attempt could not be recorded",
      settled,
    );
  }

  /**
   * Whether `delivery` is being sent, was settled while the due ones were read, or its destination
   * holds its share of the slots.
   */
  function busy(delivery: DueDelivery) {
    if (settledDuringRead.has(delivery.id)) return true;
    if ((perDestination.get(delivery.destinationId) ?? 0) >= mostPerDestination) return true;
    return delivery.destinationKind === "email"
      ? inFlight.has(emailKey(delivery.destinationId))
      : inFlight.has(delivery.id);
  }

  /** Starts what is due while slots are free; reads again when a send ended during the read. */
  async function deliverDue(store: AlertStore, now: number) {
    lastStore = store;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      let at = now;
      do {
        readAgain = false;
        if (inFlight.size >= mostInFlight || !active()) return;
        await startDue(store, at);
        at = clock();
      } while (readAgain);
    } finally {
      reading = false;
    }
  }

  async function startDue(store: AlertStore, now: number) {
    let due: DueDelivery[];
    settledDuringRead = new Set();
    try {
      due = await store.deliveries.due(now, dueTake);
    } catch (error) {
      failed(error, "The deliveries due could not be read; the next tick tries again");
      return;
    }
    for (const delivery of due) {
      if (inFlight.size >= mostInFlight || !active()) break;
      // Still pending in the store until its attempt is recorded.
      if (busy(delivery)) continue;
      if (delivery.destinationKind === "email") deliverEmail(store, delivery);
      else deliverWebhook(store, delivery);
    }
  }

  return {
    deliverDue,
    async stop() {
      lastStore = null;
      const sending = [...inFlight.values()];
      for (const { controller } of sending) controller.abort();
      await Promise.all(sending.map(({ done }) => done));
    },
  };
}
