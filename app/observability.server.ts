// What the app tells the server's logs and metrics (server/observability/): the server injects
// the implementation through entry.server's setObservability, as it does the runtime, so the
// app never imports server code (which the Remix build would bundle a second copy of). Until
// then, and in unit tests, every hook does nothing.
import type { ManagerCallRecord } from "~/manager/http.server";

export type SignInFailureReason = "callback" | "providerError" | "providerUnreachable" | "redirectMismatch";

export type SessionStoreOperation = "create" | "read" | "update" | "modify" | "remove" | "removeExpired";

/**
 * What the console's copies of the Manager's collections do (app/venue-copies, decision 072). A
 * copy's scope is its lender's: "full" (an Admin's or Owner's session, serving every role) or
 * "reduced" (a Moderator's, serving Moderators only).
 */
export type VenueCopyEvent =
  /** A copy started (previous null), moved on, or ended (state "ended"). */
  | { kind: "state"; copy: string; scope: string; previous: VenueCopyState | null; state: VenueCopyState }
  | { kind: "fullRead"; copy: string; reason: "start" | "reconnect" | "unappliedPush" }
  | { kind: "ended"; copy: string; reason: string; error?: string }
  /** A page's data came from a copy of that scope, or from the Manager (scope "none"). */
  | { kind: "served"; copy: string; from: "copy" | "manager"; scope: string };

export type VenueCopyState = "connecting" | "catchingUp" | "live" | "ended";
/** One reading of every station's listener counts by the listening sampler (app/listening/sampler.server.ts). */
export interface ListeningRound {
  outcome: "stored" | "gap" | "notStored";
  stations: number;
  /** Manager calls made, and the most of them in flight at once. */
  managerCalls: number;
  mostCallsInFlight: number;
  durationMs: number;
  /** CPU time of this process during the round (user + system). */
  cpuMs: number;
}

export interface ConsoleObservability {
  /** The reference of the request being served (X-Request-Id), if any. */
  requestId(): string | undefined;
  /** The signed-in user of the request being served: its log line names them. */
  identify(user: { id: string; role: string }): void;
  managerCall(call: ManagerCallRecord): void;
  signIn(): void;
  signInFailure(reason: SignInFailureReason, detail?: string): void;
  sessionStore(operation: SessionStoreOperation, durationMs: number): void;
  /** An error the console survived but someone should look at; logged with its stack. */
  error(error: unknown, message: string): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  venueCopy(event: VenueCopyEvent): void;
  listeningRound(round: ListeningRound): void;
  /** The sampler's roll-ups and removal of old history, once a minute: their CPU time (user + system). */
  listeningRollup(cpuMs: number): void;
}

const silent: ConsoleObservability = {
  requestId: () => undefined,
  identify: () => {},
  managerCall: () => {},
  signIn: () => {},
  signInFailure: () => {},
  sessionStore: () => {},
  error: () => {},
  warn: () => {},
  venueCopy: () => {},
  listeningRound: () => {},
  listeningRollup: () => {},
};

let current = silent;

export function setObservability(observability: ConsoleObservability) {
  current = observability;
}

export function observability(): ConsoleObservability {
  return current;
}
